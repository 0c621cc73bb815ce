import {
  canSeeCosts,
  canSeeProject,
  type DomainEventType,
  invitableRoles,
  type ProjectActor,
  type ProjectMembership,
} from "@atelier/shared";
import type { DomainEvent } from "../../../core/events/event.ts";

type Payload = Record<string, unknown>;
type Redact = (payload: Payload, viewer: ProjectActor, membership: ProjectMembership | null) => Payload | null;

const onlyWhoSeesCosts: Redact = (payload, viewer, membership) => (canSeeCosts(viewer, membership) ? payload : null);

/**
 * What a change event may show a viewer who can see its project, by type (DESIGN §5: redaction
 * happens on the server). A type not listed goes as recorded: events.ts keeps secrets out of
 * payloads and holds only what every member may see. `null` sends nothing of the event.
 */
const REDACTIONS: { [T in DomainEventType]?: Redact } = {
  // Money and plans: only who sees costs and the balance (owner, editor, staff).
  "billing.planChanged": onlyWhoSeesCosts,
  "billing.hoursToppedUp": onlyWhoSeesCosts,
  "billing.orderCreated": onlyWhoSeesCosts,
  "billing.orderConfirmed": onlyWhoSeesCosts,
  "billing.orderCanceled": onlyWhoSeesCosts,
  "billing.orderRejected": onlyWhoSeesCosts,
  // An invited e-mail: only to who may invite; the others learn that the team changed.
  "project.invited": (payload, viewer, membership) =>
    invitableRoles(viewer, membership).length > 0 ? payload : { projectRole: payload.projectRole },
};

/**
 * The payload of `event` as `viewer` may see it, or null when the viewer gets nothing of it:
 * an event of a project only reaches those who can see the project now (staff, active members:
 * someone who left gets nothing more but the news that they left); an event of no project only the person it is about
 * (a platform announcement: everyone).
 */
export function payloadFor(
  event: DomainEvent,
  viewer: ProjectActor,
  membership: ProjectMembership | null,
): Payload | null {
  const payload = event.payload as Payload;
  // Platform announcements (published, withdrawn) are for everyone signed in.
  if (event.type === "platformNotification.published" || event.type === "platformNotification.withdrawn") {
    return payload;
  }
  if (!event.projectId) return event.subject?.type === "user" && event.subject.id === viewer.id ? payload : null;
  // Taken off the team, the person sees the project no more, but hears that they left it.
  if (event.type === "project.memberRemoved" && payload.userId === viewer.id) return payload;
  if (!canSeeProject(viewer, membership)) return null;
  const redact = REDACTIONS[event.type];
  return redact ? redact(payload, viewer, membership) : payload;
}
