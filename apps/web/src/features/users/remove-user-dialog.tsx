import type { User } from "@atelier/shared";
import { Button, Group, Stack, Text } from "@mantine/core";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { useRemoveUser } from "./use-users.ts";

/** Confirmation before DELETE /user/{id}. */
export function RemoveUserDialog({ user, onClose }: { user: User } & ModalControls) {
  const remove = useRemoveUser();
  const fullName = `${user.name} ${user.surname}`;
  return (
    <AppDialog title="Remove user" onClose={onClose} size="sm">
      <Stack gap="md">
        <Text>
          Remove <strong>{fullName}</strong> ({user.email})? They lose access at once. This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(user.id, {
                onSuccess: () => {
                  toast.success(`${fullName} was removed`);
                  onClose();
                },
              })
            }
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
