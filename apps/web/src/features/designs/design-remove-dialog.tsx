import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useRemoveAllDesigns, useRemoveDesign } from "./use-designs.ts";

interface RemoveProps {
  projectId: string;
  taskId: string;
  /** one file (its current key and name), or null for all of the task's files */
  file: { key: string; name: string } | null;
}

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 "remove designer files", both variants: one file, or all of the task's. */
    designRemove: RemoveProps;
  }
}

export function DesignRemoveDialog({ projectId, taskId, file, onClose }: RemoveProps & ModalControls) {
  const removeOne = useRemoveDesign(taskId);
  const removeAll = useRemoveAllDesigns(taskId);
  const done = () => {
    toast.success(file ? "Designer file removed" : "Designer files removed");
    onClose();
  };
  return (
    <ConfirmDialog
      title={file ? "Remove designer file" : "Remove all designer files"}
      confirmLabel="Remove"
      isDestructive
      isPending={removeOne.isPending || removeAll.isPending}
      onClose={onClose}
      onConfirm={() =>
        file
          ? removeOne.mutate({ projectId, taskId, removedDesignFileKey: file.key }, { onSuccess: done })
          : removeAll.mutate({ projectId, taskId }, { onSuccess: done })
      }
    >
      {file ? (
        <>
          Remove <strong style={{ overflowWrap: "anywhere" }}>{file.name}</strong> and its versions from the task?
        </>
      ) : (
        "Remove all designer files of this task, with their versions and comments?"
      )}
    </ConfirmDialog>
  );
}
