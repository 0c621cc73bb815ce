import { twoFactorContract, type User } from "@atelier/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { fullName } from "../../lib/format.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";

/** Admin: turn off a user's two-factor sign-in when they lost their device (recorded as an event). */
export function ResetTwoFactorDialog({ user, onClose }: { user: User } & ModalControls) {
  const reset = useMutation({
    mutationFn: () => api(twoFactorContract.adminReset, { params: { id: user.id } }),
  });
  const name = fullName(user);
  return (
    <ConfirmDialog
      title="Reset two-factor sign-in"
      confirmLabel="Reset"
      isDestructive
      isPending={reset.isPending}
      onClose={onClose}
      onConfirm={() =>
        reset.mutate(undefined, {
          onSuccess: () => {
            toast.success(`Two-factor sign-in of ${name} was reset`);
            onClose();
          },
        })
      }
    >
      Turn off two-factor sign-in for <strong>{name}</strong>? Do this only when you are sure they lost their device:
      they sign in with the password alone until they turn it on again.
    </ConfirmDialog>
  );
}
