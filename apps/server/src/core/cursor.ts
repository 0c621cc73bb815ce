import { badInput } from "./errors.ts";

/**
 * Opaque keyset cursors: the sort values of the last row of a page, base64url JSON.
 * Lists never use OFFSET (DESIGN §4).
 */
export function encodeCursor(values: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

export function decodeCursor<T extends ReadonlyArray<"string" | "number">>(
  cursor: string | undefined,
  shape: T,
): { [K in keyof T]: T[K] extends "number" ? number : string } | null {
  if (!cursor) return null;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badInput({ cursor: "Invalid cursor" });
  }
  if (
    !Array.isArray(values) ||
    values.length !== shape.length ||
    values.some((value, index) => typeof value !== shape[index])
  ) {
    throw badInput({ cursor: "Invalid cursor" });
  }
  return values as { [K in keyof T]: T[K] extends "number" ? number : string };
}

/** Splits a fetched `limit + 1` rows into the page and the cursor for the next one. */
export function toPage<Row, Item>(
  rows: Row[],
  limit: number,
  present: (row: Row) => Item,
  cursorOf: (row: Row) => ReadonlyArray<string | number>,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last !== undefined ? encodeCursor(cursorOf(last)) : null;
  return { items: page.map(present), nextCursor };
}
