import type { FeatureModule } from "../core/feature-module.ts";
import { authModule } from "./auth/module.ts";
import { setPlanByHand } from "./billing/index.ts";
import { billingModule } from "./billing/module.ts";
import { taskDesignReader } from "./designs/index.ts";
import { designsModule } from "./designs/module.ts";
import { filesModule } from "./files/module.ts";
import { hoursModule } from "./hours/module.ts";
import { inboundMailModule } from "./inbound-mail/module.ts";
import { integrationsModule } from "./integrations/module.ts";
import { invoicesModule } from "./invoices/module.ts";
import { notificationsModule } from "./notifications/module.ts";
import { portfolioModule } from "./portfolio/module.ts";
import { privacyModule } from "./privacy/module.ts";
import { projectsModule } from "./projects/module.ts";
import { realtimeModule } from "./realtime/module.ts";
import { taskCommentsModule } from "./task-comments/module.ts";
import { tasksModule } from "./tasks/module.ts";
import { twoFactorModule } from "./two-factor/module.ts";
import { usersModule } from "./users/module.ts";

/**
 * Every feature of the app, listed once; src/compose.ts puts them together. Adding a feature is
 * one line here. The order is the order of personal data sources in export and removal: `users`
 * stays after every source that still looks records up by the person's e-mail, which it blanks.
 */
export const FEATURE_MODULES: readonly FeatureModule[] = [
  projectsModule(setPlanByHand),
  tasksModule(taskDesignReader),
  billingModule,
  invoicesModule,
  hoursModule,
  filesModule,
  designsModule,
  taskCommentsModule,
  notificationsModule,
  twoFactorModule,
  integrationsModule,
  inboundMailModule,
  portfolioModule,
  authModule,
  privacyModule,
  usersModule,
  realtimeModule,
];
