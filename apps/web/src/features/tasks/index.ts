import { canUseTaskDashboard } from "@atelier/shared";
import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";
import { registerModal } from "../../ui/modal-store.ts";

// Lazy: the routes table imports this index, so anything static here lands in every first load.
export const ProjectTaskArea = lazy(() =>
  import("./project-task-area.tsx").then((module) => ({ default: module.ProjectTaskArea })),
);

registerModal(
  "taskCreate",
  lazy(() => import("./task-create-dialog.tsx").then((module) => ({ default: module.TaskCreateDialog }))),
);
registerModal(
  "taskEdit",
  lazy(() => import("./task-edit-dialog.tsx").then((module) => ({ default: module.TaskEditDialog }))),
);
registerModal(
  "taskRemove",
  lazy(() => import("./task-remove-dialog.tsx").then((module) => ({ default: module.TaskRemoveDialog }))),
);
registerModal(
  "taskRemoveFiles",
  lazy(() => import("./task-remove-files-dialog.tsx").then((module) => ({ default: module.TaskRemoveFilesDialog }))),
);
registerModal(
  "taskAddFiles",
  lazy(() => import("./task-add-files-dialog.tsx").then((module) => ({ default: module.TaskAddFilesDialog }))),
);
registerModal(
  "taskEstimates",
  lazy(() => import("./task-estimates-dialog.tsx").then((module) => ({ default: module.TaskEstimatesDialog }))),
);
registerModal(
  "taskAssignDesigner",
  lazy(() => import("./task-assign-dialog.tsx").then((module) => ({ default: module.TaskAssignDialog }))),
);
registerModal(
  "taskDeadline",
  lazy(() => import("./task-deadline-dialog.tsx").then((module) => ({ default: module.TaskDeadlineDialog }))),
);
registerModal(
  "taskPriority",
  lazy(() => import("./task-priority-dialog.tsx").then((module) => ({ default: module.TaskPriorityDialog }))),
);

/** The task panel's route (/project/{id}/task/{taskId}) is the project screen's: see features/projects. */
export const tasksRoutes: FeatureRoute[] = [
  {
    path: "tasks",
    Component: lazy(() => import("./tasks-screen.tsx")),
    handle: { title: "Tasks", allow: canUseTaskDashboard },
  },
];
export { taskKeys } from "./task-keys.ts";
