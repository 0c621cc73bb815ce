import { CommentRemoveConfirm } from "../../ui/comments/comment-remove-confirm.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { useRemoveTaskComment } from "./use-task-comments.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 "remove comment" for the task's conversation. */
    taskCommentRemove: { projectId: string; taskId: string; commentId: string; isReply: boolean };
  }
}

export function TaskCommentRemoveDialog({
  projectId,
  taskId,
  commentId,
  isReply,
  onClose,
}: { projectId: string; taskId: string; commentId: string; isReply: boolean } & ModalControls) {
  const removal = useRemoveTaskComment(taskId);
  return (
    <CommentRemoveConfirm
      comment={{ projectId, taskId, commentId }}
      isReply={isReply}
      removal={removal}
      onClose={onClose}
    />
  );
}
