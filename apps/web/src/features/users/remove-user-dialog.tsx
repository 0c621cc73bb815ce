import type { User } from "@atelier/shared";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useRemoveUser } from "./use-users.ts";

/** Confirmation before DELETE /user/{id}. */
export function RemoveUserDialog({ user, onClose }: { user: User } & ModalControls) {
  const remove = useRemoveUser();
  const fullName = `${user.name} ${user.surname}`;
  return (
    <ConfirmDialog
      title="Remove user"
      confirmLabel="Remove"
      isDestructive
      isPending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(user.id, {
          onSuccess: () => {
            toast.success(`${fullName} was removed`);
            onClose();
          },
        })
      }
    >
      Remove <strong>{fullName}</strong> ({user.email})? They lose access at once. This cannot be undone.
    </ConfirmDialog>
  );
}
