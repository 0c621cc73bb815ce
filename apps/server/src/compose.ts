import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { type Adapters, type AppContext, createContext } from "./core/context.ts";
import type { Database } from "./db/client.ts";
import { FEATURE_MODULES } from "./features/index.ts";

/**
 * The composition root (DESIGN §11): the one place that knows both core and every feature.
 * Core takes what the features bring as parameters, so it imports none of them
 * (docs/decisions/031-composition-root.md).
 */
export function composeContext(
  config: Config,
  options: { database: Database; logger: Logger; adapters?: Partial<Adapters> },
): AppContext {
  const ctx = createContext(config, {
    ...options,
    features: {
      eventWriters: (deps) => FEATURE_MODULES.flatMap((feature) => feature.eventWriters?.(deps) ?? []),
      personalData: FEATURE_MODULES.flatMap((feature) => feature.personalData ?? []),
    },
  });
  // Job handlers close over the context, so they are defined once it exists (and before `start`).
  for (const feature of FEATURE_MODULES) feature.jobs?.(ctx);
  return ctx;
}

/** Every feature's calls, registered inside the app's encapsulated API plugin (app.ts). */
export function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const feature of FEATURE_MODULES) feature.routes?.(app, ctx);
}
