import { STREAM_POINT_HEADER } from "@atelier/shared";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { DbOrTx } from "../../db/client.ts";

/**
 * The oldest transaction still in flight (`pg_snapshot_xmin`): every event that commits from now
 * on has a transaction id at or above it, so a stream that starts there misses none of them
 * (features/realtime/repo/events.ts reads in that order).
 */
export async function currentStreamPoint(db: DbOrTx): Promise<string> {
  const result = await db.execute(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as xid`);
  const [row] = (result as unknown as { rows: Array<{ xid: string }> }).rows;
  return row?.xid ?? "0";
}

/**
 * A GET that asks (STREAM_POINT_HEADER) is answered the point taken before its handler reads, so
 * a stream opened from it delivers every change committed after the read. Only the browser's
 * reads before its stream opens ask: one small statement each, instead of every screen's reads
 * fetched again once the stream is there.
 */
export function registerStreamPointHeader(app: FastifyInstance, db: DbOrTx): void {
  app.addHook("preHandler", async (request, reply) => {
    if (request.method !== "GET" || request.headers[STREAM_POINT_HEADER] === undefined) return;
    reply.header(STREAM_POINT_HEADER, await currentStreamPoint(db));
  });
}
