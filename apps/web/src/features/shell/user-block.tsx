import type { User } from "@atelier/shared";
import { Stack, Text } from "@mantine/core";
import { fullName } from "../../lib/format.ts";
import { Link } from "../../lib/router/index.ts";
import { UserAvatar } from "../../ui/user-avatar.tsx";
import classes from "./shell.module.css";
import { WorkLogSlot } from "./work-log-slot.tsx";

/** Links to settings with the avatar (default image when none) and first + last name. */
export function UserBlock({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const name = fullName(user);
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Link to="/user/settings" className={classes.userBlock} onClick={onNavigate}>
        <UserAvatar name={user.name} surname={user.surname} avatarKey={user.avatarKey} size={36} />
        <Text size="sm" fw={600} truncate="end" maw={180}>
          {name}
        </Text>
      </Link>
      <WorkLogSlot user={user} />
    </Stack>
  );
}
