import { useLocation, useNavigate } from "../../lib/router/index.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useRemoveProject } from "./use-project-mutations.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    projectRemove: { projectId: string; name: string };
  }
}

/** Confirmation before DELETE /v3/project/{id}; from the project's own screen it returns to the list. */
export function ProjectRemoveDialog({ projectId, name, onClose }: { projectId: string; name: string } & ModalControls) {
  const remove = useRemoveProject();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <ConfirmDialog
      title="Remove project"
      confirmLabel="Remove"
      isDestructive
      isPending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(projectId, {
          onSuccess: () => {
            toast.success(`Project "${name}" was removed`);
            onClose();
            if (pathname.startsWith(`/project/${projectId}`)) void navigate("/projects", { replace: true });
          },
        })
      }
    >
      Remove <strong>{name}</strong>? Its tasks, designs and team are no longer available to anyone. This cannot be
      undone.
    </ConfirmDialog>
  );
}
