import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, toPage } from "./cursor.ts";
import { AppError } from "./errors.ts";

describe("cursors", () => {
  it("round-trips the sort values of a row", () => {
    const cursor = encodeCursor([1_700_000_000_123, "b7a1c3c4-0000-4000-8000-000000000001"]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, ["number", "string"] as const)).toEqual([
      1_700_000_000_123,
      "b7a1c3c4-0000-4000-8000-000000000001",
    ]);
  });

  it("reads no cursor as the first page", () => {
    expect(decodeCursor(undefined, ["number"] as const)).toBeNull();
    expect(decodeCursor("", ["number"] as const)).toBeNull();
  });

  it("round-trips a microsecond timestamp and an id", () => {
    const values = ["2025-11-22T10:44:00.123456Z", "b7a1c3c4-0000-4000-8000-000000000001"];
    expect(decodeCursor(encodeCursor(values), ["timestamp", "id"] as const)).toEqual(values);
  });

  it.each([
    ["epoch milliseconds for a timestamp", encodeCursor([1_700_000_000_123, "b7a1c3c4-0000-4000-8000-000000000001"])],
    ["a millisecond timestamp", encodeCursor(["2025-11-22T10:44:00.123Z", "b7a1c3c4-0000-4000-8000-000000000001"])],
    [
      "PostgreSQL's local text form",
      encodeCursor(["2025-11-22 10:44:00.123456+00", "b7a1c3c4-0000-4000-8000-000000000001"]),
    ],
    ["an id that is not a uuid", encodeCursor(["2025-11-22T10:44:00.123456Z", "1 or 1=1"])],
  ])("refuses %s where a timestamp and an id are expected", (_label, cursor) => {
    expect(() => decodeCursor(cursor, ["timestamp", "id"] as const)).toThrow(AppError);
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["JSON that is not an array", Buffer.from('{"a":1}').toString("base64url")],
    ["the wrong number of values", encodeCursor([1])],
    ["a value of the wrong type", encodeCursor(["1", "x"])],
    ["a number that is not finite", Buffer.from('[1e999, "x"]').toString("base64url")],
  ])("refuses %s with a 400 on the cursor field", (_label, cursor) => {
    let caught: unknown;
    try {
      decodeCursor(cursor, ["number", "string"] as const);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(400);
    expect((caught as AppError).fields).toEqual({ cursor: "Invalid cursor" });
  });
});

describe("toPage", () => {
  const rows = [
    { id: "a", at: 5 },
    { id: "b", at: 4 },
    { id: "c", at: 3 },
  ];
  const present = (row: { id: string }) => row.id;
  const cursorOf = (row: { id: string; at: number }) => [row.at, row.id];

  it("gives a cursor pointing after the last shown row when one more row was fetched", () => {
    const page = toPage(rows, 2, present, cursorOf);
    expect(page.items).toEqual(["a", "b"]);
    expect(decodeCursor(page.nextCursor ?? undefined, ["number", "string"] as const)).toEqual([4, "b"]);
  });

  it("gives no cursor on the last page", () => {
    expect(toPage(rows, 3, present, cursorOf)).toEqual({ items: ["a", "b", "c"], nextCursor: null });
    expect(toPage([], 3, present, cursorOf)).toEqual({ items: [], nextCursor: null });
  });
});
