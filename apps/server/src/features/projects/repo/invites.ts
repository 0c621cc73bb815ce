import { and, asc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectInvites, projects, users } from "../../../db/schema/index.ts";

export type InviteRow = typeof projectInvites.$inferSelect;
type NewInviteRow = typeof projectInvites.$inferInsert;

export async function insertInvite(db: DbOrTx, values: NewInviteRow): Promise<InviteRow> {
  const [row] = await db.insert(projectInvites).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** A newer invite to the same address replaces the pending ones, so only the latest link works. */
export async function revokePendingInvites(db: DbOrTx, projectId: string, email: string): Promise<void> {
  await db
    .delete(projectInvites)
    .where(
      and(eq(projectInvites.projectId, projectId), eq(projectInvites.email, email), isNull(projectInvites.usedAt)),
    );
}

/** An unused, unexpired invite of a live project, with the project name and who sent it. */
export async function findUsableInvite(db: DbOrTx, keyHash: string, now: Date) {
  const [row] = await db
    .select({
      invite: projectInvites,
      projectName: projects.name,
      inviterName: users.name,
      inviterSurname: users.surname,
    })
    .from(projectInvites)
    .innerJoin(projects, eq(projects.id, projectInvites.projectId))
    .leftJoin(users, eq(users.id, projectInvites.invitedById))
    .where(
      and(
        eq(projectInvites.keyHash, keyHash),
        isNull(projectInvites.usedAt),
        gt(projectInvites.expiresAt, now),
        isNull(projects.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** Marks the invite used; false when someone else spent it first (single use under concurrency). */
export async function spendInvite(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(projectInvites)
    .set({ usedAt: now })
    .where(and(eq(projectInvites.id, id), isNull(projectInvites.usedAt), gt(projectInvites.expiresAt, now)))
    .returning({ id: projectInvites.id });
  return rows.length > 0;
}

/** A pending invite (not yet used) of this project; other projects' ids find nothing. */
export async function findPendingInvite(db: DbOrTx, projectId: string, inviteId: string) {
  const [row] = await db
    .select()
    .from(projectInvites)
    .where(and(eq(projectInvites.id, inviteId), eq(projectInvites.projectId, projectId), isNull(projectInvites.usedAt)))
    .limit(1);
  return row;
}

export interface PendingInviteRow {
  invite: InviteRow;
  inviterName: string | null;
  inviterSurname: string | null;
}

/**
 * A page of a project's pending invites with the given roles, by e-mail then id (the
 * project/e-mail index), starting after `after`. Expired ones are included: they can be resent.
 */
export async function listPendingInvites(
  db: DbOrTx,
  input: {
    projectId: string;
    roles: readonly InviteRow["projectRole"][];
    after: { email: string; id: string } | null;
    limit: number;
  },
): Promise<PendingInviteRow[]> {
  if (input.roles.length === 0) return [];
  const { after } = input;
  return db
    .select({ invite: projectInvites, inviterName: users.name, inviterSurname: users.surname })
    .from(projectInvites)
    .leftJoin(users, eq(users.id, projectInvites.invitedById))
    .where(
      and(
        eq(projectInvites.projectId, input.projectId),
        isNull(projectInvites.usedAt),
        inArray(projectInvites.projectRole, [...input.roles]),
        after
          ? or(
              gt(projectInvites.email, after.email),
              and(eq(projectInvites.email, after.email), gt(projectInvites.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(projectInvites.email), asc(projectInvites.id))
    .limit(input.limit);
}

/** Gives a pending invite a new key, expiry and sender: the old link stops working at once. */
export async function replaceInviteKey(
  db: DbOrTx,
  input: { id: string; keyHash: string; expiresAt: Date; invitedById: string },
): Promise<InviteRow | undefined> {
  const [row] = await db
    .update(projectInvites)
    .set({ keyHash: input.keyHash, expiresAt: input.expiresAt, invitedById: input.invitedById })
    .where(and(eq(projectInvites.id, input.id), isNull(projectInvites.usedAt)))
    .returning();
  return row;
}

/** Deletes a pending invite; false when it was used or removed in the meantime. */
export async function deletePendingInvite(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(projectInvites)
    .where(and(eq(projectInvites.id, id), isNull(projectInvites.usedAt)))
    .returning({ id: projectInvites.id });
  return rows.length > 0;
}
