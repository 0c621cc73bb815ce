import { and, eq, gt, isNull } from "drizzle-orm";
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
