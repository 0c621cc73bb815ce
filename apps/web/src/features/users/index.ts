import { canManageUsers } from "@atelier/shared";
import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";
import { registerModal } from "../../ui/modal-store.ts";

export { usersKeys } from "./users-keys.ts";

registerModal(
  "addUser",
  lazy(() => import("./add-user-dialog.tsx").then((module) => ({ default: module.AddUserDialog }))),
);
registerModal(
  "updateUser",
  lazy(() => import("./add-user-dialog.tsx").then((module) => ({ default: module.UpdateUserDialog }))),
);
registerModal(
  "removeUser",
  lazy(() => import("./remove-user-dialog.tsx").then((module) => ({ default: module.RemoveUserDialog }))),
);

export const usersRoutes: FeatureRoute[] = [
  {
    path: "users",
    Component: lazy(() => import("./users-list-screen.tsx")),
    handle: { title: "Users", allow: canManageUsers },
  },
  {
    path: "designers",
    Component: lazy(() => import("./designers-screen.tsx")),
    handle: { title: "Designers", allow: canManageUsers },
  },
];
