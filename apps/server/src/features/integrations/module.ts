import type { FeatureModule } from "../../core/feature-module.ts";
import { integrationsPersonalData } from "./personal-data.ts";
import { registerIntegrationRoutes } from "./routes.ts";
import { attemptDelivery } from "./service/webhook-delivery.ts";
import { webhookWriter } from "./service/webhook-writer.ts";

/** The integrations feature (API tokens, calendar feeds, webhooks out) as the composition root sees it. */
export const integrationsModule: FeatureModule = {
  name: "integrations",
  routes: registerIntegrationRoutes,
  // Receivers' failures are outcomes the handler schedules retries for; the queue's own retries
  // only cover our database failing mid-attempt.
  jobs: (ctx) => ctx.jobs.define("webhooks.deliver", (data) => attemptDelivery(ctx, data)),
  eventWriters: (deps) => [webhookWriter(deps)],
  personalData: [integrationsPersonalData],
};
