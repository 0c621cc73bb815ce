import type { Role } from "../roles.ts";

interface Actor {
  role: Role;
}

/** Platform announcements are written by admins only ("admins run the platform", SPEC §1). */
export function canPublishPlatformNotifications(actor: Actor): boolean {
  return actor.role === "admin";
}
