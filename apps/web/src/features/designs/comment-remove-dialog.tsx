import { CommentRemoveConfirm } from "../../ui/comments/comment-remove-confirm.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { useRemoveComment } from "./use-designs.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 "remove comment", with its loading overlay while the call runs. */
    designCommentRemove: { projectId: string; taskId: string; commentId: string; isReply: boolean };
  }
}

export function CommentRemoveDialog({
  projectId,
  taskId,
  commentId,
  isReply,
  onClose,
}: { projectId: string; taskId: string; commentId: string; isReply: boolean } & ModalControls) {
  const removal = useRemoveComment(taskId);
  return (
    <CommentRemoveConfirm
      comment={{ projectId, taskId, commentId }}
      isReply={isReply}
      removal={removal}
      onClose={onClose}
    />
  );
}
