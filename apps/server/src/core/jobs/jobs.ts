import type { Tx } from "../../db/client.ts";
import type { JobCatalog, JobName } from "./catalog.ts";

export interface RetryPolicy {
  /** attempts after the first */
  retryLimit: number;
  retryDelaySeconds: number;
  /** double the delay after each failure */
  retryBackoff: boolean;
}

export type JobHandler<N extends JobName> = (data: JobCatalog[N], job: { id: string; name: N }) => Promise<void>;

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Tx;
  /** at most one queued job per key (pg-boss singletonKey) */
  singletonKey?: string;
  startAfterSeconds?: number;
}

/**
 * Background work that must survive a failure or a restart (e-mail, zips, exports). Handlers are
 * defined before `start`; any instance may run any job.
 */
export interface Jobs {
  define<N extends JobName>(name: N, handler: JobHandler<N>, policy?: Partial<RetryPolicy>): void;
  send<N extends JobName>(name: N, data: JobCatalog[N], options?: SendOptions): Promise<string | null>;
  /** Creates the queues and, unless `work` is false, starts polling them. */
  start(options?: { work?: boolean }): Promise<void>;
  /** Stops polling and waits for running jobs to finish (graceful shutdown). */
  stop(): Promise<void>;
  /** Runs every job that is due now, until none is left (tests; an idle instance). */
  drain(): Promise<void>;
  /** Calls `listener` each time a job's attempt fails on this instance (metrics). */
  onFailure(listener: (name: JobName) => void): void;
}
