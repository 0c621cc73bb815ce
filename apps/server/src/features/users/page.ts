import { idSchema, type Role } from "@atelier/shared";
import { decodeCursor, toPage } from "../../core/cursor.ts";
import { badInput } from "../../core/errors.ts";
import type { DbOrTx } from "../../db/client.ts";
import { type ListedUserRow, listUsers } from "./repo.ts";

// PostgreSQL's text form of a timestamptz, e.g. `2025-11-22 10:44:00.123456+00`.
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The (createdAt, id) position a user-list cursor points after; refuses tampered cursors. */
function decodeUserCursor(cursor: string | undefined): { createdAtKey: string; id: string } | null {
  const values = decodeCursor(cursor, ["string", "string"] as const);
  if (!values) return null;
  const [createdAtKey, id] = values;
  if (!TIMESTAMP_TEXT.test(createdAtKey) || !idSchema.safeParse(id).success)
    throw badInput({ cursor: "Invalid cursor" });
  return { createdAtKey, id };
}

/** One keyset page of users matching `filter`, newest first, shaped by `present`. */
export async function listUserPage<Item>(
  db: DbOrTx,
  filter: { role?: Role; search?: string },
  page: { limit: number; cursor?: string | undefined },
  present: (row: ListedUserRow) => Item,
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const rows = await listUsers(db, { ...filter, after: decodeUserCursor(page.cursor), limit: page.limit });
  return toPage(rows, page.limit, present, (row) => [row.createdAtKey, row.id]);
}
