import { and, eq, getTableColumns, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { emailChanges, users } from "../../../db/schema/index.ts";

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/** Stores a pending e-mail change, dropping the user's earlier unused ones (one link works at a time). */
export async function replaceEmailChange(
  db: DbOrTx,
  values: { userId: string; newEmail: string; tokenHash: string; requestedById: string; expiresAt: Date },
): Promise<void> {
  await db.delete(emailChanges).where(and(eq(emailChanges.userId, values.userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values(values);
}

/** An unspent, unexpired e-mail change with this token hash, of a user who is still active. */
export async function findUsableEmailChange(db: DbOrTx, tokenHash: string): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .select(getTableColumns(emailChanges))
    .from(emailChanges)
    .innerJoin(users, and(eq(users.id, emailChanges.userId), isNull(users.deletedAt)))
    .where(
      and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date())),
    )
    .limit(1);
  return row;
}

/** Marks the change used; false when another request spent it first. */
export async function spendEmailChange(db: DbOrTx, id: string): Promise<boolean> {
  const spent = await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.id, id), isNull(emailChanges.usedAt)))
    .returning({ id: emailChanges.id });
  return spent.length > 0;
}

/** Forgets a user's e-mail changes (GDPR erase: they name an address). */
export async function deleteEmailChanges(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}
