import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { setupKeys } from "../../../db/schema/index.ts";

/** Drops unused setup keys and stores a new one's hash. */
export async function replaceSetupKey(db: DbOrTx, keyHash: string): Promise<void> {
  await db.delete(setupKeys).where(isNull(setupKeys.usedAt));
  await db.insert(setupKeys).values({ keyHash });
}

export async function isSetupKeyUnused(db: DbOrTx, keyHash: string): Promise<boolean> {
  const [row] = await db
    .select({ keyHash: setupKeys.keyHash })
    .from(setupKeys)
    .where(and(eq(setupKeys.keyHash, keyHash), isNull(setupKeys.usedAt)))
    .limit(1);
  return row !== undefined;
}

/** Marks the key used; false when it is unknown or was spent already. */
export async function spendSetupKey(db: DbOrTx, keyHash: string): Promise<boolean> {
  const spent = await db
    .update(setupKeys)
    .set({ usedAt: new Date() })
    .where(and(eq(setupKeys.keyHash, keyHash), isNull(setupKeys.usedAt)))
    .returning({ keyHash: setupKeys.keyHash });
  return spent.length > 0;
}
