import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { passwordResets } from "../../../db/schema/index.ts";

export type PasswordResetRow = typeof passwordResets.$inferSelect;

export async function insertPasswordReset(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** An unspent, unexpired reset of this user with this token hash. */
export async function findUsablePasswordReset(
  db: DbOrTx,
  userId: string,
  tokenHash: string,
): Promise<PasswordResetRow | undefined> {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        eq(passwordResets.userId, userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return reset;
}

/** Marks the reset used; false when another request spent it first. */
export async function spendPasswordReset(db: DbOrTx, id: string): Promise<boolean> {
  const spent = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return spent.length > 0;
}

export async function deleteUserPasswordResets(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
