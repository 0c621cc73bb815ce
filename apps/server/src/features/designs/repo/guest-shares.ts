import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { designGuests, guestShares, projects, tasks, users } from "../../../db/schema/index.ts";

/** SQL for "the link still works": not revoked, not expired. */
const isLive = (now: Date) =>
  and(isNull(guestShares.revokedAt), or(isNull(guestShares.expiresAt), gt(guestShares.expiresAt, now)));

export async function insertGuestShare(
  db: DbOrTx,
  values: {
    projectId: string;
    taskId: string;
    linkHash: string;
    passwordHash: string | null;
    allowDecision: boolean;
    createdById: string;
    expiresAt: Date | null;
  },
): Promise<string> {
  const [row] = await db.insert(guestShares).values(values).returning({ id: guestShares.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function countLiveGuestShares(db: DbOrTx, taskId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(guestShares)
    .where(and(eq(guestShares.taskId, taskId), isLive(now)));
  return row?.count ?? 0;
}

/** The task's links, newest first, with their creator's name, and the guests of each (two statements). */
export async function listGuestShares(db: DbOrTx, taskId: string) {
  const shares = await db
    .select({
      id: guestShares.id,
      createdAt: guestShares.createdAt,
      expiresAt: guestShares.expiresAt,
      revokedAt: guestShares.revokedAt,
      hasPassword: sql<boolean>`${guestShares.passwordHash} is not null`,
      allowDecision: guestShares.allowDecision,
      creatorName: users.name,
      creatorSurname: users.surname,
    })
    .from(guestShares)
    .leftJoin(users, eq(users.id, guestShares.createdById))
    .where(eq(guestShares.taskId, taskId))
    .orderBy(desc(guestShares.createdAt), desc(guestShares.id));
  const guests =
    shares.length === 0
      ? []
      : await db
          .select({
            id: designGuests.id,
            shareId: designGuests.shareId,
            name: designGuests.name,
            email: designGuests.email,
            createdAt: designGuests.createdAt,
            lastSeenAt: designGuests.lastSeenAt,
          })
          .from(designGuests)
          .where(
            inArray(
              designGuests.shareId,
              shares.map((share) => share.id),
            ),
          )
          .orderBy(asc(designGuests.createdAt), asc(designGuests.id));
  return { shares, guests };
}
export type GuestShareRows = Awaited<ReturnType<typeof listGuestShares>>;

/** Turns a link of this task off; answers whether one was (a link already off counts as done). */
export async function revokeGuestShare(db: DbOrTx, taskId: string, shareId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(guestShares)
    .set({ revokedAt: sql`coalesce(${guestShares.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(guestShares.taskId, taskId), eq(guestShares.id, shareId)))
    .returning({ id: guestShares.id });
  return rows.length > 0;
}

const shareColumns = {
  shareId: guestShares.id,
  projectId: guestShares.projectId,
  taskId: guestShares.taskId,
  passwordHash: guestShares.passwordHash,
  allowDecision: guestShares.allowDecision,
  createdById: guestShares.createdById,
  expiresAt: guestShares.expiresAt,
  revokedAt: guestShares.revokedAt,
  projectName: projects.name,
  taskTitle: tasks.title,
  taskStatus: tasks.status,
  taskArchivedAt: tasks.archivedAt,
  taskDesignerId: tasks.designerId,
};

/** A link by its secret's hash, live or not (the caller tells the guest which), with its task. */
export async function findGuestShareByLink(db: DbOrTx, linkHash: string) {
  const [row] = await db
    .select(shareColumns)
    .from(guestShares)
    .innerJoin(tasks, eq(tasks.id, guestShares.taskId))
    .innerJoin(projects, eq(projects.id, guestShares.projectId))
    .where(and(eq(guestShares.linkHash, linkHash), isNull(projects.deletedAt)))
    .limit(1);
  return row;
}
export type GuestShareFacts = NonNullable<Awaited<ReturnType<typeof findGuestShareByLink>>>;

/** A guest by their token's hash, with their link and its task: one statement per guest call. */
export async function findGuestByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      ...shareColumns,
      guestId: designGuests.id,
      guestName: designGuests.name,
      guestEmail: designGuests.email,
      lastSeenAt: designGuests.lastSeenAt,
    })
    .from(designGuests)
    .innerJoin(guestShares, eq(guestShares.id, designGuests.shareId))
    .innerJoin(tasks, eq(tasks.id, guestShares.taskId))
    .innerJoin(projects, eq(projects.id, guestShares.projectId))
    .where(and(eq(designGuests.tokenHash, tokenHash), isNull(projects.deletedAt)))
    .limit(1);
  return row;
}
export type GuestFacts = NonNullable<Awaited<ReturnType<typeof findGuestByToken>>>;

export async function insertDesignGuest(
  db: DbOrTx,
  values: { shareId: string; name: string; email: string; tokenHash: string },
): Promise<string> {
  const [row] = await db.insert(designGuests).values(values).returning({ id: designGuests.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function touchDesignGuest(db: DbOrTx, guestId: string, now: Date): Promise<void> {
  await db.update(designGuests).set({ lastSeenAt: now }).where(eq(designGuests.id, guestId));
}

/** Whether the link is live now (not revoked, not expired). */
export function isShareLive(share: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): boolean {
  return share.revokedAt === null && (share.expiresAt === null || share.expiresAt.getTime() > now.getTime());
}

/** The person who made a link, as an acting user (a guest's decision is taken on their authority). */
export async function findShareCreator(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email, name: users.name, surname: users.surname })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
