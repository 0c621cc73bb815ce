import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { recoveryCodes, twoFactorSecrets } from "../../../db/schema/index.ts";

export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect;

export async function findTwoFactor(db: DbOrTx, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  return row;
}

/** Starts (or restarts) set-up with a new secret; an enabled secret is never replaced here. */
export async function upsertPendingSecret(db: DbOrTx, userId: string, secretEncrypted: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactorSecrets)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secretEncrypted, lastStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
}

/**
 * Records `step` as used, and turns the secret on when `enable`; false when another request
 * already used this step or a later one (so the same code never works twice, even concurrently).
 */
export async function spendStep(db: DbOrTx, userId: string, step: number, enable: boolean): Promise<boolean> {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastStep: step, ...(enable ? { enabledAt: new Date() } : {}) })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        or(isNull(twoFactorSecrets.lastStep), sql`${twoFactorSecrets.lastStep} < ${step}`),
        enable ? isNull(twoFactorSecrets.enabledAt) : isNotNull(twoFactorSecrets.enabledAt),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
}

export async function deleteTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .delete(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .returning({ userId: twoFactorSecrets.userId });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code; false when it is unknown or was used before. */
export async function spendRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}
