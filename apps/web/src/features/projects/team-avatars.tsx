import { PROJECT_ROLE_LABELS, type ProjectListMember } from "@atelier/shared";
import { Avatar } from "@mantine/core";
import { fullName } from "../../lib/format.ts";
import { HintTooltip } from "../../ui/hint-tooltip.tsx";
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
        <HintTooltip key={member.id} label={`${fullName(member)} · ${PROJECT_ROLE_LABELS[member.userProjectRole]}`}>
          <UserAvatar name={member.name} surname={member.surname} avatarKey={member.avatarKey} size={size} />
        </HintTooltip>
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
