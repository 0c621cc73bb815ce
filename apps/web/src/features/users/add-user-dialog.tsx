import type { User } from "@atelier/shared";
import type { ModalControls } from "../../ui/modal-store.ts";
import { UserFormDialog } from "./user-form-dialog.tsx";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    addUser: Record<string, never>;
    updateUser: { user: User };
    removeUser: { user: User };
  }
}

export function AddUserDialog({ onClose }: ModalControls) {
  return <UserFormDialog onClose={onClose} />;
}

export function UpdateUserDialog({ user, onClose }: { user: User } & ModalControls) {
  return <UserFormDialog user={user} onClose={onClose} />;
}
