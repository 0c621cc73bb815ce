import type { Role } from "@atelier/shared";
import type { DbOrTx, Tx } from "../db/client.ts";
import type { Jobs } from "./jobs/jobs.ts";
import type { Emit } from "./transaction.ts";

/** The person a removal or an export is about, as they were before anything changed. */
export interface DataSubject {
  id: string;
  email: string;
  role: Role;
}

/** What one feature holds about a person, for their export. */
export interface PersonalDataExport {
  /** JSON records by kind (`profile`, `memberships`, `tasks`, `comments`, …) */
  records: Record<string, unknown>;
  /** stored files they uploaded, copied into the zip under `files/` */
  files?: { key: string; name: string }[];
}

/**
 * One feature's part in "export my data" and "remove all my information" (GDPR). Each feature
 * that stores something about people names its source in its module (core/feature-module.ts),
 * so removal and export stay one service that covers everything.
 */
export interface PersonalDataSource {
  name: string;
  /** The sentence why removal must wait (status false), or null. Nothing is changed yet. */
  refusal?(db: DbOrTx, subject: DataSubject): Promise<string | null>;
  export(db: DbOrTx, subject: DataSubject): Promise<PersonalDataExport>;
  /**
   * Erases or anonymises the person's data inside the removal's transaction, keeping their work
   * (shown as "Deleted user"). Answers storage keys to delete once the transaction has committed.
   */
  erase(tx: Tx, subject: DataSubject, effects: ErasureEffects): Promise<{ storageKeys?: string[] }>;
}

/**
 * What a removal may set going inside its transaction: domain events, and jobs that carry it to
 * the outside world (a Stripe customer deleted), enqueued only if the removal commits.
 */
export interface ErasureEffects {
  jobs: Jobs;
  emit: Emit;
}
