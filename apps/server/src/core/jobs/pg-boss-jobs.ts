import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { Tx } from "../../db/client.ts";
import { JOB_SCHEMA } from "../../db/job-schema.ts";
import type { SqlExecutor } from "../../db/sql-executor.ts";
import type { JobCatalog, JobName } from "./catalog.ts";
import type { JobHandler, Jobs, RetryPolicy, SendOptions } from "./jobs.ts";

const DEFAULT_POLICY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true };
const POLLING_SECONDS = 1;
const STOP_TIMEOUT_MS = 30_000;

interface Definition {
  handler: JobHandler<JobName>;
  policy: RetryPolicy;
}

/**
 * Jobs on pg-boss (DESIGN §2): PostgreSQL's `SKIP LOCKED` lets any instance claim any job; in
 * embedded mode the same queue runs over PGlite through pg-boss's `db` option.
 */
export function createPgBossJobs(options: { execute: SqlExecutor; log: Logger }): Jobs {
  const { log } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => options.execute(text, values) },
    schema: JOB_SCHEMA,
    schedule: false,
  });
  boss.on("error", (error) => log.error({ err: error }, "job runner error"));
  const definitions = new Map<JobName, Definition>();
  const running = new Set<Promise<unknown>>();
  const failureListeners: Array<(name: JobName) => void> = [];
  let started = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    running.add(promise);
    void promise.then(
      () => running.delete(promise),
      () => running.delete(promise),
    );
    return promise;
  };

  async function runJob(name: JobName, job: PgBoss.Job<unknown>): Promise<void> {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`No handler for job ${name}`);
    try {
      await definition.handler(job.data as JobCatalog[JobName], { id: job.id, name });
    } catch (error) {
      log.warn({ err: error, job: name, jobId: job.id }, "job failed; it is retried by its queue's policy");
      for (const listener of failureListeners) listener(name);
      throw error;
    }
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

    async send(name, data, sendOptions: SendOptions = {}) {
      const { policy } = definitions.get(name) ?? { policy: DEFAULT_POLICY };
      return boss.send(name, data as object, {
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
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
        };
        await boss.createQueue(name, queue);
        await boss.updateQueue(name, queue);
        if (work) {
          await boss.work(name, { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 }, (jobs) =>
            track(Promise.all(jobs.map((job) => runJob(name, job)))),
          );
        }
      }
      started = true;
    },

    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      await Promise.allSettled([...running]);
      started = false;
    },

    onFailure(listener) {
      failureListeners.push(listener);
    },

    async drain() {
      for (;;) {
        let ran = 0;
        for (const name of definitions.keys()) {
          for (const job of (await boss.fetch(name, { batchSize: 10 })) ?? []) {
            ran += 1;
            try {
              await track(runJob(name, job));
              await boss.complete(name, job.id);
            } catch (error) {
              await boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }
        }
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
