import { MESSAGES, type ProjectState } from "@atelier/shared";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useChangeProjectState } from "./use-project-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** Archive (target archived) or restore (target inProgress) a project, after confirmation. */
    projectState: { projectId: string; name: string; target: ProjectState };
  }
}

export function ProjectStateDialog({
  projectId,
  name,
  target,
  onClose,
}: { projectId: string; name: string; target: ProjectState } & ModalControls) {
  const change = useChangeProjectState();
  const archiving = target === "archived";
  return (
    <ConfirmDialog
      title={archiving ? "Archive project" : "Restore project"}
      confirmLabel={archiving ? "Archive" : "Restore"}
      isPending={change.isPending}
      onClose={onClose}
      onConfirm={() =>
        change.mutate(
          { id: projectId, state: target },
          {
            onSuccess: () => {
              toast.success(MESSAGES.projectUpdated);
              onClose();
            },
          },
        )
      }
    >
      {archiving ? (
        <>
          Archive <strong>{name}</strong>? It moves to the archived projects; its tasks and team stay as they are, and
          you can restore it at any time.
        </>
      ) : (
        <>
          Restore <strong>{name}</strong>? It moves back to the projects in progress.
        </>
      )}
    </ConfirmDialog>
  );
}
