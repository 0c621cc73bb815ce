import { describe, expect, it } from "vitest";
import { layoutSchedule, monthCapacityHours, monthStartUtc, nextMonthStartUtc, weekStartUtc } from "./hours.ts";

const at = (iso: string) => Date.parse(iso);

describe("calendar in UTC", () => {
  it("months and weeks", () => {
    expect(monthStartUtc(at("2026-01-31T23:59:59.999Z"))).toBe(at("2026-01-01T00:00:00Z"));
    expect(monthStartUtc(at("2026-02-01T00:00:00Z"))).toBe(at("2026-02-01T00:00:00Z"));
    expect(nextMonthStartUtc(at("2026-12-01T00:00:00Z"))).toBe(at("2027-01-01T00:00:00Z"));
    // 2026-11-23 is a Monday; Sunday the 29th belongs to the same week.
    expect(weekStartUtc(at("2026-11-29T12:00:00Z"))).toBe(at("2026-11-23T00:00:00Z"));
  });
  it("capacity is working days × daily hours", () => {
    // November 2026: 21 working days.
    expect(monthCapacityHours(at("2026-11-01T00:00:00Z"), 8)).toBe(168);
  });
});

describe("layoutSchedule", () => {
  const range = { from: at("2026-11-23T00:00:00Z"), to: at("2026-11-30T00:00:00Z") };
  it("spreads an estimate over the working days up to the deadline and marks overbooked days", () => {
    const days = layoutSchedule(
      [
        { id: "a", createdAt: at("2026-11-23T09:00:00Z"), deadline: at("2026-11-24T23:59:59Z"), estimatedWork: 10 },
        { id: "b", createdAt: at("2026-11-24T09:00:00Z"), deadline: at("2026-11-24T23:59:59Z"), estimatedWork: 4 },
      ],
      range,
      8,
    );
    expect(days).toHaveLength(7);
    expect(days[0]).toMatchObject({ hours: 5, overbooked: false });
    expect(days[1]).toMatchObject({ hours: 9, overbooked: true });
    expect(days[2]).toMatchObject({ hours: 0, overbooked: false });
  });
  it("puts a weekend-only span on the deadline day", () => {
    const days = layoutSchedule(
      [{ id: "a", createdAt: at("2026-11-28T09:00:00Z"), deadline: at("2026-11-29T23:59:59Z"), estimatedWork: 3 }],
      range,
      8,
    );
    expect(days[6]).toMatchObject({ hours: 3 });
  });
});
