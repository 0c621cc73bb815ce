import type { RateCurrency } from "@atelier/shared";
import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { exchangeRates } from "../../../db/schema/index.ts";

export type RateRow = typeof exchangeRates.$inferSelect;

export async function findCurrentRate(db: DbOrTx, currency: RateCurrency): Promise<RateRow | null> {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, currency))
    .orderBy(desc(exchangeRates.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertRate(
  db: DbOrTx,
  values: { currency: RateCurrency; usdPerUnit: string; setById: string },
): Promise<RateRow> {
  const [row] = await db.insert(exchangeRates).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}
