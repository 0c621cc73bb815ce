import { createHash } from "node:crypto";
import { eq, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimitCounts } from "../../db/schema/index.ts";
import type { HitCounter, Hits } from "./counter.ts";

const SWEEP_EVERY_MS = 60_000;

/**
 * Counts in the app's database (PGlite or PostgreSQL), so every instance on one database shares
 * them. One upsert per hit, on the database's clock; keys are stored hashed (no addresses or
 * e-mails at rest). Ended windows are deleted at most once a minute per process, through the
 * index on `resets_at`.
 */
export function createDatabaseCounter(db: Db): HitCounter {
  let nextSweep = 0;
  const sweep = async () => {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + SWEEP_EVERY_MS;
    await db.delete(rateLimitCounts).where(lt(rateLimitCounts.resetsAt, sql`now()`));
  };
  return {
    async hit(key, { windowMs, lockAt }) {
      await sweep();
      return hitCount(db, { key: hashKey(key), windowMs, lockAt });
    },
    async read(key) {
      const [row] = await db
        .select({ count: rateLimitCounts.hits, ttlMs: ttlMs() })
        .from(rateLimitCounts)
        .where(sql`${rateLimitCounts.key} = ${hashKey(key)} and ${rateLimitCounts.resetsAt} > now()`);
      return row ?? { count: 0, ttlMs: 0 };
    },
    async clear(key) {
      await db.delete(rateLimitCounts).where(eq(rateLimitCounts.key, hashKey(key)));
    },
  };
}

function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

const ttlMs = () =>
  sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitCounts.resetsAt} - now())) * 1000))::int`;

/** One atomic statement: a new row, a row whose window ended starting again, or one more hit. */
async function hitCount(db: Db, input: { key: string; windowMs: number; lockAt: number | undefined }): Promise<Hits> {
  const ended = sql`${rateLimitCounts.resetsAt} <= now()`;
  const freshWindow = sql`now() + ${input.windowMs}::double precision * interval '1 millisecond'`;
  const restart: SQL =
    input.lockAt === undefined ? ended : sql`(${ended} or ${rateLimitCounts.hits} + 1 >= ${input.lockAt}::int)`;
  const [row] = await db
    .insert(rateLimitCounts)
    .values({ key: input.key, hits: 1, resetsAt: freshWindow })
    .onConflictDoUpdate({
      target: rateLimitCounts.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitCounts.hits} + 1 end`,
        resetsAt: sql`case when ${restart} then ${freshWindow} else ${rateLimitCounts.resetsAt} end`,
      },
    })
    .returning({ count: rateLimitCounts.hits, ttlMs: ttlMs() });
  if (!row) throw new Error("rate-limit upsert returned no row");
  return row;
}
