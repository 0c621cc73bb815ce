import { lazy } from "react";

/** The settings screen's API tokens and calendar sections, loaded with the screen's lower half. */
export const IntegrationSettings = lazy(() => import("./integration-settings.tsx"));

/** A project's webhooks (its owner), for the project's settings. */
export const ProjectWebhooksSection = lazy(() =>
  import("./webhooks-section.tsx").then((module) => ({ default: module.WebhooksSection })),
);
