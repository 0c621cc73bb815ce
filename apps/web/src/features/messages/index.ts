import { canOpenMessages } from "@atelier/shared";
import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";

export { messageKeys } from "./message-keys.ts";
export { useUnreadMessagesCount } from "./use-unread-messages-count.ts";

export const messagesRoutes: FeatureRoute[] = [
  {
    path: "messages",
    Component: lazy(() => import("./messages-screen.tsx")),
    handle: { title: "Messages", allow: canOpenMessages },
  },
];
