import { idSchema } from "@atelier/shared";
import { decodeCursor, toPage } from "../../core/cursor.ts";
import { badInput } from "../../core/errors.ts";
import type { ListedUserRow } from "./repo.ts";

// PostgreSQL's text form of a timestamptz, e.g. `2025-11-22 10:44:00.123456+00`.
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** The (createdAt, id) position a user-list cursor points after; refuses tampered cursors. */
export function decodeUserCursor(cursor: string | undefined): { createdAtKey: string; id: string } | null {
  const values = decodeCursor(cursor, ["string", "string"] as const);
  if (!values) return null;
  const [createdAtKey, id] = values;
  if (!TIMESTAMP_TEXT.test(createdAtKey) || !idSchema.safeParse(id).success)
    throw badInput({ cursor: "Invalid cursor" });
  return { createdAtKey, id };
}

export function toUserPage<Item>(rows: ListedUserRow[], limit: number, present: (row: ListedUserRow) => Item) {
  return toPage(rows, limit, present, (row) => [row.createdAtKey, row.id]);
}
