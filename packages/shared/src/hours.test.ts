import { describe, expect, it } from "vitest";
import {
  countWorkingDays,
  isWorkingDay,
  layoutSchedule,
  monthCapacityHours,
  monthStartUtc,
  nextMonthStartUtc,
  weekStartUtc,
} from "./hours.ts";

const at = (iso: string) => Date.parse(iso);
const DAY = 86_400_000;

/** The day-by-day walk `countWorkingDays` must agree with. */
function walkWorkingDays(from: number, to: number): number {
  let count = 0;
  for (let day = Math.floor(from / DAY) * DAY; day < to; day += DAY) if (isWorkingDay(day)) count += 1;
  return count;
}

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
  it("counts working days as the day-by-day walk does, for every start weekday and length", () => {
    expect(isWorkingDay(at("2026-11-28T00:00:00Z"))).toBe(false); // a Saturday
    expect(isWorkingDay(at("1969-12-31T00:00:00Z"))).toBe(true); // a Wednesday, before the epoch
    const start = at("2026-11-01T00:00:00Z");
    for (let offset = 0; offset < 7; offset += 1) {
      for (let length = 0; length < 40; length += 1) {
        const from = start + offset * DAY;
        const to = from + length * DAY;
        expect(countWorkingDays(from, to), `${offset}+${length}`).toBe(walkWorkingDays(from, to));
      }
    }
    // Two leap-year-crossing years in one step, as a task created long ago spans.
    expect(countWorkingDays(at("2023-06-01T00:00:00Z"), at("2025-06-01T00:00:00Z"))).toBe(
      walkWorkingDays(at("2023-06-01T00:00:00Z"), at("2025-06-01T00:00:00Z")),
    );
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
  it("spreads a task created long before the range over its whole span, showing only the range's share", () => {
    // Created on Monday 2026-10-26: 25 working days up to Friday 2026-11-27, 2 hours on each.
    const days = layoutSchedule(
      [{ id: "a", createdAt: at("2026-10-26T09:00:00Z"), deadline: at("2026-11-27T23:59:59Z"), estimatedWork: 50 }],
      range,
      8,
    );
    expect(days.map((day) => day.hours)).toEqual([2, 2, 2, 2, 2, 0, 0]);
    expect(days[0]?.tasks).toEqual([{ id: "a", hours: 2 }]);
  });
  it("puts a weekend-only span on the deadline day", () => {
    const days = layoutSchedule(
      [{ id: "a", createdAt: at("2026-11-28T09:00:00Z"), deadline: at("2026-11-29T23:59:59Z"), estimatedWork: 3 }],
      range,
      8,
    );
    expect(days[6]).toMatchObject({ hours: 3 });
  });
  it("gives weekends no capacity: Monday to Friday only (issue 29 point 12)", () => {
    const days = layoutSchedule([], range, 8);
    expect(days.map((day) => day.capacity)).toEqual([8, 8, 8, 8, 8, 0, 0]);
    // Hours on a weekend day are beyond its capacity.
    const weekend = layoutSchedule(
      [{ id: "a", createdAt: at("2026-11-28T09:00:00Z"), deadline: at("2026-11-29T23:59:59Z"), estimatedWork: 3 }],
      range,
      8,
    );
    expect(weekend[6]).toMatchObject({ hours: 3, capacity: 0, overbooked: true });
  });
});

describe("layoutSchedule: tasks in progress without a deadline (issue 29 point 12)", () => {
  const range = { from: at("2026-11-23T00:00:00Z"), to: at("2026-11-30T00:00:00Z") };
  const undated = (fields: { startedAt: number | null; eta: number | null; work: number }) => ({
    id: "u",
    createdAt: at("2026-11-20T09:00:00Z"),
    deadline: 0,
    startedAt: fields.startedAt,
    estimatedTimeOfCompletion: fields.eta,
    estimatedWork: fields.work,
  });

  it("spreads the estimate over the working days from the start to the time to completion", () => {
    // Started Monday 09:00 with 72 hours to completion: Monday to Thursday, 3 hours a day.
    const days = layoutSchedule([undated({ startedAt: at("2026-11-23T09:00:00Z"), eta: 72, work: 12 })], range, 8);
    expect(days.map((day) => day.hours)).toEqual([3, 3, 3, 3, 0, 0, 0]);
  });
  it("skips the weekend inside the span", () => {
    // Started Friday 10:00 with 72 hours: Friday to Monday, of which Friday and Monday work.
    const days = layoutSchedule(
      [undated({ startedAt: at("2026-11-20T10:00:00Z"), eta: 72, work: 10 })],
      { from: at("2026-11-20T00:00:00Z"), to: at("2026-11-24T00:00:00Z") },
      8,
    );
    expect(days.map((day) => day.hours)).toEqual([5, 0, 0, 5]);
  });
  it("puts it all on the start day with no time to completion, or on the next working day from a weekend", () => {
    expect(
      layoutSchedule([undated({ startedAt: at("2026-11-24T09:00:00Z"), eta: 0, work: 6 })], range, 8).map(
        (day) => day.hours,
      ),
    ).toEqual([0, 6, 0, 0, 0, 0, 0]);
    expect(
      layoutSchedule(
        [undated({ startedAt: at("2026-11-21T09:00:00Z"), eta: 20, work: 6 })],
        { from: at("2026-11-21T00:00:00Z"), to: at("2026-11-24T00:00:00Z") },
        8,
      ).map((day) => day.hours),
    ).toEqual([0, 0, 6]);
  });
  it("leaves out a task without a deadline that has not started", () => {
    const days = layoutSchedule([undated({ startedAt: null, eta: null, work: 6 })], range, 8);
    expect(days.every((day) => day.hours === 0)).toBe(true);
  });
});
