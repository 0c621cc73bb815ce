import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Jobs } from "../core/jobs/jobs.ts";
import type { Database } from "../db/client.ts";

const IDLE_SWEEP_MS = 100;

/** HTTP/1.1 servers only: HTTP/2 sessions are told to go away by Fastify's close itself. */
function closeIdleConnections(app: FastifyInstance): void {
  const server = app.server as { closeIdleConnections?: () => void };
  server.closeIdleConnections?.();
}

/**
 * Graceful stop on SIGTERM (and SIGINT): readiness turns 503 and the listener closes, so new
 * connections go to other instances; idle keep-alive connections close; open event streams end
 * with a short `retry:` so browsers reconnect elsewhere from their last event; requests in flight
 * finish while pg-boss stops taking jobs and lets running ones finish. Then the database closes
 * and the process exits 0. What is not done within `seconds` is cut off: the process exits 1.
 */
export function shutdownOnSignals(parts: {
  app: FastifyInstance;
  jobs: Pick<Jobs, "stop">;
  database: Pick<Database, "close">;
  log: Logger;
  seconds: number;
}): void {
  const { app, jobs, database, log, seconds } = parts;
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A terminal's Ctrl-C reaches every process of the group, and npm and tsx relay it too: the
    // same stop may be asked for more than once. The deadline bounds it all the same.
    if (stopping) return;
    stopping = true;
    log.info({ signal, seconds }, "shutting down: finishing requests in flight and running jobs");
    const deadline = setTimeout(() => {
      log.error({ seconds }, "shutdown did not finish in time; exiting with work cut off");
      process.exit(1);
    }, seconds * 1000);
    // A keep-alive connection whose request finishes after the close began would stay open until
    // its idle timeout, holding the close: such connections are closed as soon as they are idle.
    const closeIdle = setInterval(() => closeIdleConnections(app), IDLE_SWEEP_MS);
    const [http, work] = await Promise.allSettled([app.close(), jobs.stop()]);
    clearInterval(closeIdle);
    for (const [part, result] of [
      ["http server", http],
      ["job runner", work],
    ] as const) {
      if (result.status === "rejected") log.error({ err: result.reason }, `shutdown: the ${part} did not stop cleanly`);
    }
    await database.close().catch((error: unknown) => log.error({ err: error }, "shutdown: database close failed"));
    clearTimeout(deadline);
    log.info("stopped");
    process.exit(http.status === "fulfilled" && work.status === "fulfilled" ? 0 : 1);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stop(signal));
}
