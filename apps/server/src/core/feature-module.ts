import type { FastifyInstance } from "fastify";
import type { AppContext } from "./context.ts";
import type { EventWriter, EventWriterDeps } from "./events/writes.ts";
import type { PersonalDataSource } from "./personal-data.ts";

/**
 * One feature as the composition root (src/compose.ts) sees it: everything the feature adds to
 * the running app, each part optional. Core declares the shape and imports no feature
 * (docs/decisions/031-composition-root.md).
 */
export interface FeatureModule {
  name: string;
  /** registers the feature's calls on the app */
  routes?: (app: FastifyInstance, ctx: AppContext) => void;
  /**
   * defines the feature's background jobs, whose handlers use the finished context (their queues
   * and data are named in core/jobs/catalog.ts)
   */
  jobs?: (ctx: AppContext) => void;
  /** what the feature writes in a unit of work because of its events (notification rows) */
  eventWriters?: (deps: EventWriterDeps) => readonly EventWriter[];
  /**
   * What the feature stores about people, for export and removal. Sources run in the order of the
   * module list (features/index.ts), so a source that others look records up through goes last.
   */
  personalData?: readonly PersonalDataSource[];
}
