import { CommentRemoveConfirm } from "../../ui/comments/comment-remove-confirm.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
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
  const remove = useRemoveComment(taskId);
  return (
    <CommentRemoveConfirm
      isReply={isReply}
      isPending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { projectId, taskId, commentId },
          {
            onSuccess: () => {
              toast.success(isReply ? "Reply removed" : "Comment removed");
              onClose();
            },
          },
        )
      }
    />
  );
}
