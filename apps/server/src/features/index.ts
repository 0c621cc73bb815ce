import type { FastifyInstance } from "fastify";
import type { AppContext } from "../core/context.ts";
import { registerAuthRoutes } from "./auth/index.ts";
import { registerFilesRoutes } from "./files/index.ts";
import { registerProjectRoutes } from "./projects/index.ts";
import { registerUsersRoutes } from "./users/index.ts";

/** Each feature registers its own routes; adding a feature is one line here. */
export function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuthRoutes(app, ctx);
  registerUsersRoutes(app, ctx);
  registerFilesRoutes(app, ctx);
  registerProjectRoutes(app, ctx);
}
