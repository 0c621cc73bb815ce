import { monthStartUtc, nextMonthStartUtc, weekStartUtc } from "@atelier/shared";

export type ScheduleView = "week" | "month";

const DAY = 86_400_000;

export interface ScheduleRange {
  from: number;
  to: number;
  /** the first instant of the shown month (month view), to grey out the days around it */
  month: number | null;
}

/**
 * The days a view shows around `anchor`, weeks starting on Monday (SPEC §5): one week, or the
 * whole weeks covering the anchor's month (at most six, the call's limit).
 */
export function rangeOf(view: ScheduleView, anchor: number): ScheduleRange {
  if (view === "week") {
    const from = weekStartUtc(anchor);
    return { from, to: from + 7 * DAY, month: null };
  }
  const month = monthStartUtc(anchor);
  const from = weekStartUtc(month);
  const lastDay = nextMonthStartUtc(month) - DAY;
  return { from, to: weekStartUtc(lastDay) + 7 * DAY, month };
}

/** The anchor one view forward (+1) or back (−1). */
export function shift(view: ScheduleView, anchor: number, step: 1 | -1): number {
  if (view === "week") return anchor + step * 7 * DAY;
  const date = new Date(monthStartUtc(anchor));
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + step, 1);
}
