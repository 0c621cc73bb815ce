import { canOpenMessages } from "@atelier/shared";
import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";

// Apart from the index: the route table (app/routes.tsx) imports this file, not the index, whose
// unread-count hook would bring React Query into the open screens' first load.
export const messagesRoutes: FeatureRoute[] = [
  {
    path: "messages",
    Component: lazy(() => import("./messages-screen.tsx")),
    handle: { title: "Messages", allow: canOpenMessages },
  },
];
