import type { Role } from "@atelier/shared";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { type ListedUserRow, listUsers } from "../repo/users.ts";

/** One keyset page of users matching `filter`, newest first, shaped by `present`. */
export async function listUserPage<Item>(
  db: DbOrTx,
  filter: { role?: Role; search?: string },
  page: { limit: number; cursor?: string | undefined },
  present: (row: ListedUserRow) => Item,
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const after = decodeCursor(page.cursor, ["timestamp", "id"] as const);
  const rows = await listUsers(db, {
    ...filter,
    after: after ? { createdAtKey: after[0], id: after[1] } : null,
    limit: page.limit,
  });
  return toPage(rows, page.limit, present, (row) => [row.createdAtKey, row.id]);
}
