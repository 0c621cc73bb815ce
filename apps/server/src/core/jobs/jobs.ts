import type { Tx } from "../../db/client.ts";
import type { JobCatalog, JobName } from "./catalog.ts";

export interface RetryPolicy {
  /** attempts after the first */
  retryLimit: number;
  retryDelaySeconds: number;
  /** double the delay after each failure */
  retryBackoff: boolean;
}

export interface RunningJob<N extends JobName> {
  id: string;
  name: N;
  /** 0 on the first run, then one more on each retry (after a failure or an expired lease) */
  attempt: number;
  /**
   * Aborted when this run lost its lease (its instance could not renew it in time, so another
   * instance may be running the job now): stop, and publish nothing.
   */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (data: JobCatalog[N], job: RunningJob<N>) => Promise<void>;

/** How quickly the fleet notices a job whose instance died (decision 028). */
export interface LeaseSettings {
  /** a running job holds a lease this long, renewed every third of it while its instance lives */
  leaseSeconds: number;
  /** how often expired leases are looked for (by one instance of the fleet at a time) */
  maintenanceSeconds: number;
}

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
  /**
   * Runs a job with empty data on a cron schedule (UTC), declared before `start`. The schedule is
   * stored with pg-boss, whose timekeeper on any instance keeping the clock sends each due run once
   * for the fleet; an instance that keeps no clock (JOB_SCHEDULES=0: the API tests) still runs the
   * jobs others send.
   */
  schedule<N extends JobName>(name: N, cron: string): void;
  /** Creates the queues and, unless `work` is false, starts polling them. */
  start(options?: { work?: boolean }): Promise<void>;
  /**
   * Stops polling and waits for running jobs to finish (graceful shutdown). `graceful: false`
   * abandons them instead (their leases lapse and another instance retries them), as a process
   * that is killed would.
   */
  stop(options?: { graceful?: boolean }): Promise<void>;
  /**
   * Whether a run of this job holds a live lease now (some instance is running it). False once
   * the lease lapsed: that run's instance died, or lost it, and settles nothing.
   */
  isRunning(jobId: string): Promise<boolean>;
  /** Runs every job that is due now, until none is left (tests; an idle instance). */
  drain(): Promise<void>;
  /** Calls `listener` each time a job's attempt fails on this instance (metrics). */
  onFailure(listener: (name: JobName) => void): void;
}
