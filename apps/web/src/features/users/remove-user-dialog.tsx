import type { User } from "@atelier/shared";
import { fullName } from "../../lib/format.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useRemoveUser } from "./use-users.ts";

/** Confirmation before DELETE /user/{id}. */
export function RemoveUserDialog({ user, onClose }: { user: User } & ModalControls) {
  const remove = useRemoveUser();
  const name = fullName(user);
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
            toast.success(`${name} was removed`);
            onClose();
          },
        })
      }
    >
      Remove <strong>{name}</strong> ({user.email})? They lose access at once. This cannot be undone.
    </ConfirmDialog>
  );
}
