import type { DomainEventType } from "@atelier/shared";
import type { SQL } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Tx } from "../../db/client.ts";
import type { Jobs } from "../jobs/jobs.ts";
import type { DomainEventInput } from "./event.ts";

/** Records a domain event of the unit of work; it is written before the commit, published after. */
export type Emit = <T extends DomainEventType>(event: DomainEventInput<T>) => void;

/**
 * What a feature writes because of a unit of work's events (notification rows), in the same
 * statement as the events: `ctes` are data-modifying common table expressions placed after the
 * events' insert, reading the new events from `written` (columns `ord` — the event's 1-based
 * place among the unit's events —, `id`, `created_at`). The rows of the last one come back to
 * `after`, which runs next in the transaction (for work that cannot be SQL in that statement,
 * such as queueing a job). CTE names are global to the statement: prefix them with the feature.
 */
export interface EventWrite {
  ctes?: (written: SQL) => ReadonlyArray<{ name: string; body: SQL }>;
  after?: (tx: Tx, rows: readonly Record<string, unknown>[]) => Promise<void>;
}

/**
 * Plans a feature's writes for a unit of work's events, before they are written (no ids yet: the
 * SQL joins them by `ord`); null when they need nothing. Features describe theirs in their module
 * (core/feature-module.ts); the composition hands them to the context.
 */
export type EventWriter = (events: readonly DomainEventInput[]) => EventWrite | null;

/** What an event writer may use: writers are made before the context, which holds them. */
export interface EventWriterDeps {
  jobs: Jobs;
  config: Config;
}
