import type { Role } from "../roles.ts";

interface Actor {
  role: Role;
}

/**
 * Platform announcements are written, listed in full and withdrawn by admins only ("admins run
 * the platform", SPEC §1); everyone else sees them as banners and may dismiss them for themselves.
 */
export function canPublishPlatformNotifications(actor: Actor): boolean {
  return actor.role === "admin";
}
