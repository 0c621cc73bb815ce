import type { MembershipOrNone, ProjectActor } from "./projects.ts";
import { canReviewTask } from "./tasks.ts";

/**
 * Sharing a task's designs with guests by a link, and revoking links: whoever runs the review
 * (the project's owner, an editor, staff). Seeing the links follows seeing the task.
 */
export function canShareWithGuests(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canReviewTask(actor, membership);
}
