import { ROLE_LABELS, THUMBNAIL_SIZE, type User } from "@atelier/shared";
import { Group, Stack, Text, Title } from "@mantine/core";
import { fullName } from "../../lib/format.ts";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { UserAvatar } from "../../ui/user-avatar.tsx";
import { DesignerShots } from "./designer-shots.tsx";

/** SPEC §2 'user info': who the person is and, for a designer, their latest shots. */
export function UserInfoDialog({ user, onClose }: { user: User } & ModalControls) {
  return (
    <AppDialog title="User info" onClose={onClose} size="lg">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar {...user} size={64} variant={THUMBNAIL_SIZE} />
          <Stack gap={0}>
            <Text fw={600} size="lg">
              {fullName(user)}
            </Text>
            <Text size="sm" c="gray.7">
              {ROLE_LABELS[user.role]}
              {user.email ? ` · ${user.email}` : ""}
            </Text>
          </Stack>
        </Group>
        {user.role === "designer" ? (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Latest shots
            </Title>
            <DesignerShots userId={user.id} />
          </Stack>
        ) : null}
      </Stack>
    </AppDialog>
  );
}
