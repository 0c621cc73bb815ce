/** The tasks feature's public face: other features import only from here. */

export { markTaskUnseenForOthers, taskUnseenForOthers } from "./repo/views.ts";
export { loadVisibleTask, presentTaskFor, type TaskAccess } from "./service/access.ts";
export { getTask } from "./service/detail.ts";
export { updateTaskStatus } from "./service/status.ts";
