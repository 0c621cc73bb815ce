import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { Tx } from "../../db/client.ts";
import { JOB_SCHEMA } from "../../db/job-schema.ts";
import type { SqlExecutor } from "../../db/sql-executor.ts";
import type { JobCatalog, JobName } from "./catalog.ts";
import type { JobHandler, Jobs, LeaseSettings, RetryPolicy, SendOptions } from "./jobs.ts";

const DEFAULT_POLICY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 10, retryBackoff: true };
const POLLING_MS = 1000;
const STOP_TIMEOUT_MS = 30_000;
export const DEFAULT_LEASE: LeaseSettings = { leaseSeconds: 20, maintenanceSeconds: 5 };

interface Definition {
  handler: JobHandler<JobName>;
  policy: RetryPolicy;
}

/**
 * Jobs on pg-boss (DESIGN §2): PostgreSQL's `SKIP LOCKED` lets any instance claim any job; in
 * embedded mode the same queue runs over PGlite through pg-boss's `db` option.
 *
 * Leases (decision 028): pg-boss 10 has no heartbeat, only an expiry per job, after which its
 * maintenance fails the job into its retry. So a job is fetched with a short expiry (the lease)
 * and, while its handler runs, this instance renews it every third of the lease by moving the
 * job's expiry forward. A job whose instance dies (kill -9, a lost host) stops being renewed and
 * is retried within lease + maintenance interval + its first retry wait: under 60 s by default.
 * Jobs are polled here rather than through `boss.work`, whose callback is cut off at the expiry
 * read at fetch time (the lease) even while it is being renewed.
 */
export function createPgBossJobs(options: {
  execute: SqlExecutor;
  log: Logger;
  lease?: LeaseSettings;
  /** keep pg-boss's clock for scheduled jobs on this instance (default: no) */
  schedules?: boolean;
}): Jobs {
  const { log } = options;
  const lease = options.lease ?? DEFAULT_LEASE;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => options.execute(text, values) },
    schema: JOB_SCHEMA,
    schedule: options.schedules ?? false,
    supervise: true,
    maintenanceIntervalSeconds: lease.maintenanceSeconds,
  });
  boss.on("error", (error) => log.error({ err: error }, "job runner error"));
  const definitions = new Map<JobName, Definition>();
  const schedules = new Map<JobName, string>();
  const running = new Set<Promise<unknown>>();
  const failureListeners: Array<(name: JobName) => void> = [];
  /** runs abandoned by a forced stop: their renewals end */
  let abandon = new AbortController();
  /** queues with a job running on this instance: one at a time per queue, as before */
  const busy = new Set<JobName>();
  let started = false;
  let polling: ReturnType<typeof setTimeout> | undefined;
  let stopping = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    running.add(promise);
    void promise.then(
      () => running.delete(promise),
      () => running.delete(promise),
    );
    return promise;
  };

  /** Moves the job's expiry to a lease from now; false when this run no longer holds it. */
  async function renew(name: JobName, job: PgBoss.JobWithMetadata<unknown>): Promise<boolean> {
    const { rows } = await options.execute(
      `update ${JOB_SCHEMA}.job set expire_in = (now() - started_on) + make_interval(secs => $3::int)
       where name = $1 and id = $2::uuid and state = 'active' and retry_count = $4::int returning id`,
      [name, job.id, lease.leaseSeconds, job.retryCount],
    );
    return rows.length > 0;
  }

  /**
   * Runs one fetched job under its lease and settles it: complete, or fail into its retry. A run
   * that lost its lease settles nothing: the job is another run's now.
   */
  async function runJob(name: JobName, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`No handler for job ${name}`);
    const lost = new AbortController();
    const renewing = setInterval(
      () => {
        if (abandon.signal.aborted) return clearInterval(renewing);
        renew(name, job).then(
          (held) => {
            if (!held) lost.abort(new Error("job lease lost"));
          },
          (error: unknown) => log.warn({ err: error, job: name, jobId: job.id }, "job lease not renewed"),
        );
      },
      (lease.leaseSeconds * 1000) / 3,
    );
    let failure: unknown = null;
    try {
      await definition.handler(job.data as JobCatalog[JobName], {
        id: job.id,
        name,
        attempt: job.retryCount,
        signal: lost.signal,
      });
    } catch (error) {
      failure = error ?? new Error("job failed");
    } finally {
      clearInterval(renewing);
    }
    if (abandon.signal.aborted) return;
    if (lost.signal.aborted || !(await renew(name, job))) {
      log.warn({ job: name, jobId: job.id }, "job lease lost while running; its retry settles it");
      return;
    }
    if (failure === null) {
      await boss.complete(name, job.id);
      return;
    }
    log.warn({ err: failure, job: name, jobId: job.id }, "job failed; it is retried by its queue's policy");
    for (const listener of failureListeners) listener(name);
    const message = failure instanceof Error ? failure.message : String(failure);
    await boss.fail(name, job.id, { message });
  }

  /** Claims at most one due job per idle queue and starts it; answers how many were claimed. */
  async function runDue(): Promise<number> {
    let ran = 0;
    for (const name of definitions.keys()) {
      if (stopping) break;
      if (busy.has(name)) continue;
      const [job] = (await boss.fetch(name, { batchSize: 1, includeMetadata: true })) ?? [];
      if (!job) continue;
      ran += 1;
      busy.add(name);
      void track(runJob(name, job))
        .catch((error: unknown) => log.error({ err: error, job: name }, "job not settled"))
        .finally(() => busy.delete(name));
    }
    return ran;
  }

  /** Polls every second, and again at once after claiming work. */
  function poll(delayMs = POLLING_MS): void {
    polling = setTimeout(() => {
      void runDue()
        .catch((error: unknown) => {
          log.error({ err: error }, "job polling failed");
          return 0;
        })
        .then((ran) => {
          if (!stopping) poll(ran > 0 ? 0 : POLLING_MS);
        });
    }, delayMs);
  }

  /**
   * pg-boss fetches jobs whose start_after is before now(); PGlite's clock ticks in milliseconds,
   * so a job sent (or retried without delay) in the same millisecond as the fetch is due but not
   * yet fetchable. Drain must wait for it rather than report the queue empty.
   */
  async function dueThisInstant(): Promise<boolean> {
    const { rows } = await options.execute(
      `select 1 from ${JOB_SCHEMA}.job where name = any($1::text[]) and state < 'active' and start_after = now() limit 1`,
      [[...definitions.keys()]],
    );
    return rows.length > 0;
  }

  return {
    define(name, handler, policy) {
      if (started) throw new Error(`Define job ${name} before the job runner starts`);
      definitions.set(name, { handler: handler as JobHandler<JobName>, policy: { ...DEFAULT_POLICY, ...policy } });
    },

    schedule(name, cron) {
      if (started) throw new Error(`Schedule job ${name} before the job runner starts`);
      schedules.set(name, cron);
    },

    async send(name, data, sendOptions: SendOptions = {}) {
      const { policy } = definitions.get(name) ?? { policy: DEFAULT_POLICY };
      return boss.send(name, data as object, {
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: lease.leaseSeconds,
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        // As a time, not seconds: pg-boss casts its start_after parameter to a timestamp first, and
        // a typed parameter (PGlite, a Drizzle transaction) holding "3600" fails to parse.
        ...(sendOptions.startAfterSeconds
          ? { startAfter: new Date(Date.now() + sendOptions.startAfterSeconds * 1000) }
          : {}),
        ...(sendOptions.tx ? { db: { executeSql: transactionExecutor(sendOptions.tx) } } : {}),
      });
    },

    async start({ work = true } = {}) {
      await boss.start();
      for (const [name, { policy }] of definitions) {
        const queue = {
          name,
          retryLimit: policy.retryLimit,
          retryDelay: policy.retryDelaySeconds,
          retryBackoff: policy.retryBackoff,
          expireInSeconds: lease.leaseSeconds,
        };
        await boss.createQueue(name, queue);
        await boss.updateQueue(name, queue);
      }
      // Stored (or replaced) with pg-boss even where no clock runs, so the fleet's clocks know it.
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: "UTC" });
      started = true;
      stopping = false;
      abandon = new AbortController();
      if (work) poll();
    },

    async stop({ graceful = true } = {}) {
      if (!started) return;
      stopping = true;
      clearTimeout(polling);
      if (graceful) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, STOP_TIMEOUT_MS);
        });
        await Promise.race([Promise.allSettled([...running]), timeout]);
        clearTimeout(timer);
      }
      // Whatever still runs is abandoned: it settles nothing, and its lease lapses.
      abandon.abort();
      await boss.stop({ graceful: false, close: false });
      started = false;
    },

    onFailure(listener) {
      failureListeners.push(listener);
    },

    async isRunning(jobId) {
      const { rows } = await options.execute(
        `select 1 from ${JOB_SCHEMA}.job where id = $1::uuid and state = 'active' and started_on + expire_in > now()`,
        [jobId],
      );
      return rows.length > 0;
    },

    async drain() {
      for (;;) {
        const ran = await runDue();
        await Promise.allSettled([...running]);
        if (ran === 0 && !(await dueThisInstant())) return;
      }
    },
  };
}

/** pg-boss's SQL run through a Drizzle transaction, so a job is enqueued atomically with a change. */
function transactionExecutor(tx: Tx) {
  return async (text: string, values: unknown[] = []) => {
    const result = await tx.execute(toDrizzleSql(text, values));
    return { rows: (result as unknown as { rows: unknown[] }).rows };
  };
}

/** `$n` placeholders become Drizzle parameters (each value passed as one parameter, arrays too). */
function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, index) => (index % 2 === 1 ? sql.param(values[Number(part) - 1]) : sql.raw(part))));
}
