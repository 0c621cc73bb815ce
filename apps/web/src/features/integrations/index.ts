import { lazy } from "react";

/** The settings screen's API tokens and calendar sections, loaded with the screen's lower half. */
export const IntegrationSettings = lazy(() => import("./integration-settings.tsx"));
