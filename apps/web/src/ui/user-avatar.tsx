import { IMAGE_VARIANT_SIZES } from "@atelier/shared";
import { Avatar } from "@mantine/core";
import defaultAvatarUrl from "./default-avatar.svg";

/** The smallest served variant that stays sharp on a 2x screen. */
function variantFor(displaySize: number): number {
  const wanted = displaySize * 2;
  return IMAGE_VARIANT_SIZES.find((size) => size >= wanted) ?? Math.max(...IMAGE_VARIANT_SIZES);
}

function avatarUrl(avatarKey: string | null | undefined, size: number): string {
  if (!avatarKey) return defaultAvatarUrl;
  return `/serve/s/${encodeURIComponent(avatarKey)}?w=${size}&h=${size}`;
}

interface UserAvatarProps {
  name: string;
  surname: string;
  avatarKey: string | null | undefined;
  /** displayed size in px */
  size?: number;
  /** served variant; defaults to one sharp at 2x */
  variant?: number;
}

/** A user's avatar, or the default image when none (SPEC §2). Alt: "Avatar of Name Surname". */
export function UserAvatar({ name, surname, avatarKey, size = 40, variant }: UserAvatarProps) {
  return (
    <Avatar
      src={avatarUrl(avatarKey, variant ?? variantFor(size))}
      alt={`Avatar of ${name} ${surname}`.trim()}
      size={size}
      radius="xl"
    />
  );
}
