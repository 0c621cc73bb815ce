import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { portfolioAccounts } from "../../../db/schema/index.ts";

export type PortfolioAccountRow = typeof portfolioAccounts.$inferSelect;

export async function findPortfolioAccount(db: DbOrTx, userId: string): Promise<PortfolioAccountRow | undefined> {
  const [row] = await db.select().from(portfolioAccounts).where(eq(portfolioAccounts.userId, userId)).limit(1);
  return row;
}

export async function upsertPortfolioAccount(
  db: DbOrTx,
  userId: string,
  tokenEncrypted: string,
): Promise<PortfolioAccountRow> {
  const [row] = await db
    .insert(portfolioAccounts)
    .values({ userId, tokenEncrypted })
    .onConflictDoUpdate({ target: portfolioAccounts.userId, set: { tokenEncrypted, connectedAt: new Date() } })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return row;
}

export async function deletePortfolioAccount(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(portfolioAccounts).where(eq(portfolioAccounts.userId, userId));
}
