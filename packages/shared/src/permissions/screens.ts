import type { Role } from "../roles.ts";

/**
 * Who may open which screen (SPEC §2 header menu, SPEC §6). The web gates routes and shows menu
 * entries with these; the server enforces the calls behind the screens with its own rules.
 */
interface ScreenActor {
  role: Role;
}

/** The platform team (admin, projectManager, designer): SPEC §2 shows them Schedule, Tasks and Messages. */
export function isPlatformTeam(actor: ScreenActor): boolean {
  return actor.role === "admin" || actor.role === "projectManager" || actor.role === "designer";
}

/** The messaging feed: admin, projectManager and designer only (SPEC §1, §6). */
export function canOpenMessages(actor: ScreenActor): boolean {
  return isPlatformTeam(actor);
}

/** The schedule view: shown to the platform team (SPEC §2). */
export function canOpenSchedule(actor: ScreenActor): boolean {
  return isPlatformTeam(actor);
}

/**
 * The task dashboard in the header menu: the platform team (SPEC §2). The route itself stays open
 * to customers, since SPEC puts the New Project action for customers on it too.
 */
export function showsTasksInMenu(actor: ScreenActor): boolean {
  return isPlatformTeam(actor);
}
