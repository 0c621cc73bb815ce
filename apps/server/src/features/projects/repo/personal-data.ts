import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectInvites, projectMembers, projects } from "../../../db/schema/index.ts";

/** A live project the user owns with a paid subscription running, if any. */
export async function findPaidOwnedProject(db: DbOrTx, ownerId: string): Promise<{ name: string } | undefined> {
  const [row] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.ownerId, ownerId), eq(projects.activeStripeSubscription, true), isNull(projects.deletedAt)))
    .orderBy(asc(projects.createdAt))
    .limit(1);
  return row;
}

export async function listMembershipsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      projectId: projectMembers.projectId,
      projectName: projects.name,
      projectRole: projectMembers.projectRole,
      active: projectMembers.active,
      joinedAt: projectMembers.createdAt,
      projectDeleted: projects.deletedAt,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(projectMembers.createdAt), asc(projectMembers.projectId));
}

export async function listOwnedProjects(db: DbOrTx, ownerId: string) {
  return db.select().from(projects).where(eq(projects.ownerId, ownerId)).orderBy(asc(projects.createdAt));
}

export async function listInvitesSentBy(db: DbOrTx, userId: string) {
  return db
    .select({
      projectId: projectInvites.projectId,
      email: projectInvites.email,
      projectRole: projectInvites.projectRole,
      sentAt: projectInvites.createdAt,
      usedAt: projectInvites.usedAt,
    })
    .from(projectInvites)
    .where(eq(projectInvites.invitedById, userId))
    .orderBy(asc(projectInvites.createdAt));
}

/** Billing details name and locate the owner; they go with the person (GDPR removal). */
export async function clearOwnerBilling(db: DbOrTx, ownerId: string): Promise<void> {
  await db
    .update(projects)
    .set({
      customerFirstName: null,
      customerLastName: null,
      customerCompanyName: null,
      customerAddress: null,
      customerPost: null,
      customerPostCode: null,
      customerCountry: null,
      updatedAt: new Date(),
    })
    .where(eq(projects.ownerId, ownerId));
}

/** The person leaves every team but the ones of projects they own, which stay theirs ("Deleted user"). */
export async function leaveTeamsExceptOwned(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(projectMembers)
    .set({ active: false })
    .where(and(eq(projectMembers.userId, userId), ne(projectMembers.projectRole, "owner")));
}

/** Invites addressed to the person's e-mail, pending or spent: the address is theirs. */
export async function deleteInvitesTo(db: DbOrTx, email: string): Promise<void> {
  await db.delete(projectInvites).where(eq(projectInvites.email, email));
}
