import { isStaff, type Role } from "../roles.ts";
import type { CalendarFeedKind } from "../schemas/integrations.ts";

interface Actor {
  id: string;
  role: Role;
}

export const INTEGRATION_MESSAGES = {
  tokenRefused: "API tokens cannot manage sign-in, tokens, two-factor, e-mail or password; sign in instead",
  readOnlyToken: "This API token may only read",
  tooManyTokens: (max: number) => `You have ${max} live API tokens; revoke one first`,
  scheduleFeedTeamOnly: "The schedule feed is for the platform team",
} as const;

/** Admins see every person's tokens and revoke any (a leaked script, someone who left). */
export function canManageAllApiTokens(actor: Actor): boolean {
  return actor.role === "admin";
}

/** Deadlines for everyone (of the projects they see); the schedule for the platform team, as its screen. */
export function canSubscribeCalendar(actor: Actor, kind: CalendarFeedKind): boolean {
  if (kind === "deadlines") return true;
  return isStaff(actor.role) || actor.role === "designer";
}
