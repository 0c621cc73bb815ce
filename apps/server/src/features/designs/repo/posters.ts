import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";

/**
 * Sets a version's poster (decision 058) and answers the one it replaces (null when none): the
 * caller forgets that upload in the same transaction.
 */
export async function replacePosterKey(db: DbOrTx, designerFileId: string, posterKey: string): Promise<string | null> {
  const result = await db.execute(sql`
    with previous as (
      select id, poster_key from designer_files where id = ${designerFileId}::uuid for update
    )
    update designer_files set poster_key = ${posterKey}
    from previous where designer_files.id = previous.id
    returning previous.poster_key as previous`);
  const [row] = (result as unknown as { rows: { previous: string | null }[] }).rows;
  return row?.previous ?? null;
}
