import { lazy } from "react";
import { registerModal } from "../../ui/modal-store.ts";

export { taskCommentKeys } from "./task-comment-keys.ts";

// Lazy: the task panel loads the conversation with a task, the dialog on first opening.
export const TaskConversation = lazy(() =>
  import("./task-conversation.tsx").then((module) => ({ default: module.TaskConversation })),
);

registerModal(
  "taskCommentRemove",
  lazy(() =>
    import("./task-comment-remove-dialog.tsx").then((module) => ({ default: module.TaskCommentRemoveDialog })),
  ),
);
