import { lazy } from "react";

// Lazy: the shell is in every first load; the stream can start a moment after the screen.
export const LiveUpdates = lazy(() => import("./live-updates.tsx"));
