import { lazy } from "react";
import type { FeatureRoute, RouteParams } from "../../lib/routing.ts";
import { registerModal } from "../../ui/modal-store.ts";
import { projectListEarlyUrls } from "./list-choices.ts";

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

/** The project itself (GET /v3/project/get/{id}), which the screen waits for before its parts. */
const projectEarlyUrls = ({ id }: RouteParams) => (id ? [`/v3/project/get/${encodeURIComponent(id)}`] : []);

export const projectsRoutes: FeatureRoute[] = [
  {
    path: "projects",
    Component: lazy(() => import("./projects-screen.tsx")),
    handle: { title: "Projects", early: projectListEarlyUrls },
  },
  { path: "project/:id", Component: ProjectScreen, handle: { title: "Project", early: projectEarlyUrls } },
  // The task panel (features/tasks) opens over its project's screen, so a task link shows both.
  { path: "project/:id/task/:taskId", Component: ProjectScreen, handle: { title: "Task", early: projectEarlyUrls } },
  { path: "project/:id/subscription-completed", Component: ProjectScreen, handle: { title: "Project" } },
  { path: "project/:id/collect-payment-details", Component: ProjectScreen, handle: { title: "Project" } },
];
