/** The tasks feature's public face: other features import only from here. */

export { loadVisibleTask, presentTaskFor, type TaskAccess } from "./service/access.ts";
export type {
  TaskDesignLists,
  TaskDesignReader,
  TaskPanel,
  TaskReviewHooks,
  TasksContext,
} from "./service/designs.ts";
export { getTask } from "./service/detail.ts";
export { moveTaskByReviewRound, updateTaskStatus } from "./service/status.ts";
export { markTaskUnseenForOthers, taskUnseenWrite } from "./service/unseen.ts";
