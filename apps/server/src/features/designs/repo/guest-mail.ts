import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { designGuests, guestMailStops, guestShares } from "../../../db/schema/index.ts";

/** A guest to e-mail about a reply: not unsubscribed, on a link that still works. */
export async function findMailableGuest(db: DbOrTx, guestId: string) {
  const [row] = await db
    .select({
      name: designGuests.name,
      email: designGuests.email,
      revokedAt: guestShares.revokedAt,
      expiresAt: guestShares.expiresAt,
    })
    .from(designGuests)
    .innerJoin(guestShares, eq(guestShares.id, designGuests.shareId))
    .where(and(eq(designGuests.id, guestId), isNull(designGuests.unsubscribedAt)))
    .limit(1);
  return row;
}

export async function insertMailStop(db: DbOrTx, guestId: string, tokenHash: string): Promise<void> {
  await db.insert(guestMailStops).values({ guestId, tokenHash });
}

/** Unsubscribes the guest of an e-mail's link; answers whether the link was known. */
export async function unsubscribeByMailStop(db: DbOrTx, tokenHash: string, now: Date): Promise<boolean> {
  const [stop] = await db
    .select({ guestId: guestMailStops.guestId })
    .from(guestMailStops)
    .where(eq(guestMailStops.tokenHash, tokenHash))
    .limit(1);
  if (!stop) return false;
  await db
    .update(designGuests)
    .set({ unsubscribedAt: now })
    .where(and(eq(designGuests.id, stop.guestId), isNull(designGuests.unsubscribedAt)));
  return true;
}
