import type { FastifyInstance } from "fastify";
import type { AppContext } from "../core/context.ts";
import { migrationsCurrent } from "../db/client.ts";

/** A check that has not answered by then counts as failed: a probe must answer in time. */
const CHECK_TIMEOUT_MS = 3000;

/** pino's number for `warn` */
const WARN_LEVEL = 40;

type Check = "database" | "migrations" | "storage";

/**
 * Probes for load balancers and Kubernetes (DESIGN §2, operations). `/health/live`: the process
 * answers. `/health/ready`: the database answers, has every migration this code ships, and the
 * file store is usable; 503 otherwise, and from the moment the instance starts shutting down.
 * The answers carry a status word only; which check failed, and why, goes to the log.
 * Neither is rate-limited (probes come often, from the balancer's few addresses), logged per call
 * (warnings only), or listed in the API description.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  const options = { ...quietLogging(ctx), config: { rateLimit: false }, schema: { hide: true } };

  app.get("/health/live", options, async (_request, reply) => {
    return reply.header("cache-control", "no-store").send({ status: "live" });
  });

  // Probes that arrive together share one round of checks: the endpoint is open to anyone, so a
  // burst of calls costs the database and the store one query each, not one per call.
  let running: Promise<Array<{ check: Check; error: unknown }>> | null = null;
  const failures = () => {
    running ??= failedChecks(ctx).finally(() => {
      running = null;
    });
    return running;
  };

  app.get("/health/ready", options, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (closing) return reply.status(503).send({ status: "shuttingDown" });
    const failed = await failures();
    if (failed.length > 0) {
      request.log.warn({ failed: failed.map(({ check, error }) => ({ check, reason: reasonOf(error) })) }, "not ready");
      return reply.status(503).send({ status: "unavailable" });
    }
    return reply.send({ status: "ready" });
  });
}

async function failedChecks(ctx: AppContext): Promise<Array<{ check: Check; error: unknown }>> {
  const { storage } = ctx;
  const results = await Promise.all([
    within(async () => {
      // One query answers both: it fails when the database does not answer.
      if (!(await migrationsCurrent(ctx.db))) throw new MigrationsBehind();
    }),
    // An adapter without its own check: reading a key's size reaches the store all the same.
    within(async () => (storage.check ? storage.check() : void (await storage.size("health-probe")))),
  ]);
  const failed: Array<{ check: Check; error: unknown }> = [];
  const [database, files] = results;
  if (database !== null) {
    failed.push({ check: database instanceof MigrationsBehind ? "migrations" : "database", error: database });
  }
  if (files !== null) failed.push({ check: "storage", error: files });
  return failed;
}

/**
 * Probes and scrapes come every few seconds: their requests are logged only from warnings up
 * (a route's level replaces the app's, so it is set only where it raises it).
 */
export function quietLogging(ctx: AppContext): { logLevel?: "warn" } {
  return ctx.log.levelVal < WARN_LEVEL ? { logLevel: "warn" } : {};
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === "string" ? code : error.name);
}

class MigrationsBehind extends Error {
  constructor() {
    super("the database lacks migrations this code ships");
  }
}

/** Runs a check; answers null when it passed in time, otherwise its error. */
async function within(run: () => Promise<void>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([run(), timeout]);
    return null;
  } catch (error) {
    return error ?? new Error("check failed");
  } finally {
    clearTimeout(timer);
  }
}
