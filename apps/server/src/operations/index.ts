import type { FastifyInstance } from "fastify";
import type { AppContext } from "../core/context.ts";
import { registerHealthRoutes } from "./health.ts";
import { registerMetrics } from "./metrics.ts";
import { registerRequestLogScope } from "./request-log.ts";

export { shutdownOnSignals } from "./shutdown.ts";

/**
 * What running a fleet needs from each instance (DESIGN §2, operations): the request id on every
 * log line written while a request runs, `/health/live` and `/health/ready`, and `/metrics` when
 * METRICS_TOKEN is set. Registered before the routes, so its hooks see every request.
 */
export function registerOperations(app: FastifyInstance, ctx: AppContext): void {
  registerRequestLogScope(app);
  registerHealthRoutes(app, ctx);
  registerMetrics(app, ctx);
}
