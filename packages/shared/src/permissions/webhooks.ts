import type { ProjectActor, ProjectMembership } from "./projects.ts";

export const WEBHOOK_MESSAGES = {
  tooMany: (max: number) => `There are ${max} webhooks here already; delete one first`,
  privateAddress: "This URL points to a private or local network address, which webhooks may not reach",
  unresolvable: "This URL's host name could not be resolved",
  notActive: "Turn this webhook on first",
  ownerDisabled: (url: string) => `Webhook turned off: ${url}`,
} as const;

/** The workspace's webhooks (every project's events): admins. */
export function canManageWorkspaceWebhooks(actor: ProjectActor): boolean {
  return actor.role === "admin";
}

/** A project's webhooks: its owner (an active membership), and admins, who run the platform. */
export function canManageProjectWebhooks(actor: ProjectActor, membership: ProjectMembership | null): boolean {
  return actor.role === "admin" || (membership?.active === true && membership.projectRole === "owner");
}
