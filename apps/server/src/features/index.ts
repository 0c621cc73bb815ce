import type { FastifyInstance } from "fastify";
import type { AppContext } from "../core/context.ts";
import { registerAuthRoutes } from "./auth/routes.ts";
import { registerBillingRoutes } from "./billing/routes.ts";
import { registerDesignRoutes } from "./designs/routes.ts";
import { registerFilesRoutes } from "./files/routes.ts";
import { registerHoursRoutes } from "./hours/routes.ts";
import { registerIntegrationRoutes } from "./integrations/routes.ts";
import { registerNotificationRoutes } from "./notifications/routes.ts";
import { registerPortfolioRoutes } from "./portfolio/routes.ts";
import { registerPrivacyRoutes } from "./privacy/routes.ts";
import { registerProjectRoutes } from "./projects/routes.ts";
import { registerRealtimeRoutes } from "./realtime/routes.ts";
import { registerTaskCommentRoutes } from "./task-comments/routes.ts";
import { registerTaskRoutes } from "./tasks/routes.ts";
import { registerTwoFactorRoutes } from "./two-factor/routes.ts";
import { registerUsersRoutes } from "./users/routes.ts";

/**
 * Each feature registers its own routes; adding a feature is one line here. Routes are imported
 * directly, not through a feature's index.ts, which is the surface other features call.
 */
export function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuthRoutes(app, ctx);
  registerUsersRoutes(app, ctx);
  registerFilesRoutes(app, ctx);
  registerProjectRoutes(app, ctx);
  registerTwoFactorRoutes(app, ctx);
  registerPrivacyRoutes(app, ctx);
  registerPortfolioRoutes(app, ctx);
  registerTaskRoutes(app, ctx);
  registerDesignRoutes(app, ctx);
  registerTaskCommentRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerHoursRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerRealtimeRoutes(app, ctx);
  registerIntegrationRoutes(app, ctx);
}
