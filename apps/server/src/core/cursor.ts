import { idSchema } from "@atelier/shared";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { badInput } from "./errors.ts";

/**
 * The one keyset-cursor codec (DESIGN §4: lists never use OFFSET). A cursor is the sort values of
 * the last row of a page, as base64url JSON. Each value has a kind, checked when the cursor comes
 * back, so a tampered cursor is a 400 on `cursor` and never reaches SQL as a bad uuid or time:
 * - `timestamp`: a time as the text `timestampKey` selects (UTC, microseconds). Not epoch
 *   milliseconds: PostgreSQL keeps microseconds, and rounding them away would skip or repeat
 *   rows created within one millisecond at a page boundary.
 * - `id`: a uuid. - `string`, `number`: as they are.
 */
export type CursorField = "timestamp" | "id" | "string" | "number";
type CursorValues<T extends ReadonlyArray<CursorField>> = { [K in keyof T]: T[K] extends "number" ? number : string };

// What timestampKey produces, e.g. `2025-11-22T10:44:00.123456Z`.
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A timestamptz column as a cursor's `timestamp` value: fixed-width UTC text with microseconds,
 * the same whatever the session's TimeZone or DateStyle. Compare it back with `${key}::timestamptz`.
 */
export function timestampKey(column: PgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeCursor(values: ReadonlyArray<string | number>): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

function isValid(kind: CursorField, value: unknown): boolean {
  switch (kind) {
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "string":
      return typeof value === "string";
    case "timestamp":
      return typeof value === "string" && TIMESTAMP_KEY.test(value);
    case "id":
      return typeof value === "string" && idSchema.safeParse(value).success;
  }
}

/** The values of `cursor` in the order and kinds of `shape`; null for no cursor (the first page). */
export function decodeCursor<T extends ReadonlyArray<CursorField>>(
  cursor: string | undefined,
  shape: T,
): CursorValues<T> | null {
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
    values.some((value, index) => !isValid(shape[index] as CursorField, value))
  ) {
    throw badInput({ cursor: "Invalid cursor" });
  }
  return values as CursorValues<T>;
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
