import { PROJECT_ROLE_LABELS, type ProjectListMember } from "@atelier/shared";
import { Avatar, Tooltip } from "@mantine/core";
import { fullName } from "../../lib/format.ts";
import { UserAvatar } from "../../ui/user-avatar.tsx";

interface TeamAvatarsProps {
  members: readonly ProjectListMember[];
  /** how many avatars before a "+n" */
  max?: number;
  size?: number;
}

/** Overlapping team avatars with a name tooltip; the rest as "+n". */
export function TeamAvatars({ members, max = 4, size = 32 }: TeamAvatarsProps) {
  const shown = members.slice(0, max);
  const hidden = members.length - shown.length;
  return (
    <Avatar.Group spacing="xs">
      {shown.map((member) => (
        <Tooltip
          key={member.id}
          label={`${fullName(member)} · ${PROJECT_ROLE_LABELS[member.userProjectRole]}`}
          withArrow
        >
          <span style={{ display: "inline-flex" }}>
            <UserAvatar name={member.name} surname={member.surname} avatarKey={member.avatarKey} size={size} />
          </span>
        </Tooltip>
      ))}
      {hidden > 0 ? (
        <Avatar size={size} radius="xl">
          +{hidden}
          <span className="sr-only"> more members</span>
        </Avatar>
      ) : null}
    </Avatar.Group>
  );
}
