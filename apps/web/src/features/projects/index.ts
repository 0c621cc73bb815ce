import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";
import { registerModal } from "../../ui/modal-store.ts";

export { BillingFields, type BillingValues, billingPayload, EMPTY_BILLING } from "../../ui/form/billing-fields.tsx";

const ProjectScreen = lazy(() => import("./project-screen.tsx"));

registerModal(
  "projectCreate",
  lazy(() => import("./project-create-dialog.tsx")),
);
registerModal(
  "projectState",
  lazy(() => import("./project-state-dialog.tsx").then((module) => ({ default: module.ProjectStateDialog }))),
);
registerModal(
  "projectRemove",
  lazy(() => import("./project-remove-dialog.tsx").then((module) => ({ default: module.ProjectRemoveDialog }))),
);
registerModal(
  "projectSettings",
  lazy(() => import("./project-settings-dialog.tsx").then((module) => ({ default: module.ProjectSettingsDialog }))),
);
registerModal(
  "projectTeam",
  lazy(() => import("./project-team-dialog.tsx").then((module) => ({ default: module.ProjectTeamDialog }))),
);
registerModal(
  "projectClientNotes",
  lazy(() => import("./client-notes-dialog.tsx").then((module) => ({ default: module.ClientNotesDialog }))),
);
registerModal(
  "projectUserInfo",
  lazy(() => import("./member-dialogs.tsx").then((module) => ({ default: module.ProjectUserInfoDialog }))),
);
registerModal(
  "projectRemoveMember",
  lazy(() => import("./member-dialogs.tsx").then((module) => ({ default: module.ProjectRemoveMemberDialog }))),
);
registerModal(
  "projectRemoveByEmail",
  lazy(() => import("./member-dialogs.tsx").then((module) => ({ default: module.ProjectRemoveByEmailDialog }))),
);
registerModal(
  "projectAddDesigner",
  lazy(() => import("./member-dialogs.tsx").then((module) => ({ default: module.ProjectAddDesignerDialog }))),
);

export const projectsRoutes: FeatureRoute[] = [
  { path: "projects", Component: lazy(() => import("./projects-screen.tsx")), handle: { title: "Projects" } },
  { path: "project/:id", Component: ProjectScreen, handle: { title: "Project" } },
  { path: "project/:id/subscription-completed", Component: ProjectScreen, handle: { title: "Project" } },
  { path: "project/:id/collect-payment-details", Component: ProjectScreen, handle: { title: "Project" } },
];
