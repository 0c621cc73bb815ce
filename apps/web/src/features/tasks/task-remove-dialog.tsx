import { MESSAGES } from "@atelier/shared";
import { useLocation, useNavigate } from "../../lib/router/index.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useRemoveTask } from "./use-task-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    taskRemove: { projectId: string; taskId: string; title: string };
  }
}

/** Confirmation before DELETE /v3/project/{id}/task/{taskId}; from the task's panel it returns to the board. */
export function TaskRemoveDialog({
  projectId,
  taskId,
  title,
  onClose,
}: { projectId: string; taskId: string; title: string } & ModalControls) {
  const remove = useRemoveTask();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <ConfirmDialog
      title="Delete task"
      confirmLabel="Delete"
      isDestructive
      isPending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { projectId, taskId },
          {
            onSuccess: () => {
              toast.success(MESSAGES.taskRemoved);
              onClose();
              if (pathname.includes(`/task/${taskId}`)) {
                void navigate(`/project/${projectId}`, { replace: true, preventScrollReset: true });
              }
            },
          },
        )
      }
    >
      Delete <strong>{title}</strong>? Its description, files and history are removed for everyone. This cannot be
      undone.
    </ConfirmDialog>
  );
}
