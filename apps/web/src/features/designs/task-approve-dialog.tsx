import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useApproveTask } from "./use-designs.ts";

interface ApproveProps {
  projectId: string;
  taskId: string;
  title: string;
}

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** POST /v3/project/{id}/task/{taskId}/approve, confirmed first. */
    designTaskApprove: ApproveProps;
  }
}

export function TaskApproveDialog({ projectId, taskId, title, onClose }: ApproveProps & ModalControls) {
  const approve = useApproveTask(taskId);
  return (
    <ConfirmDialog
      title="Approve task"
      confirmLabel="Approve task"
      isPending={approve.isPending}
      onClose={onClose}
      onConfirm={() =>
        approve.mutate(
          { projectId, taskId },
          {
            onSuccess: () => {
              toast.success("Task approved");
              onClose();
            },
          },
        )
      }
    >
      Approve <strong style={{ overflowWrap: "anywhere" }}>{title}</strong>? The designer's work on it is done.
    </ConfirmDialog>
  );
}
