import { DEFAULT_DAILY_AVAILABILITY } from "./limits.ts";

/**
 * Hours and money (DESIGN §3 "How hours and money move"): pure calendar and layout rules the
 * server answers with and the web draws with. Work-log periods are calendar months in UTC;
 * weeks start on Monday (SPEC §5).
 */

const DAY_MS = 86_400_000;

/** The first instant (UTC) of the month holding `ms`. */
export function monthStartUtc(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The first instant of the month after the one starting at `monthStart` (its period's end, exclusive). */
export function nextMonthStartUtc(monthStart: number): number {
  const date = new Date(monthStart);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The first instant (UTC) of the day holding `ms`. */
export function dayStartUtc(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** The Monday (UTC) of the week holding `ms`. */
export function weekStartUtc(ms: number): number {
  const day = dayStartUtc(ms);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return day - weekday * DAY_MS;
}

/** Sunday 0 … Saturday 6 of a UTC day, by arithmetic (1 January 1970 was a Thursday): no Date per day. */
function utcWeekday(ms: number): number {
  return (((Math.floor(ms / DAY_MS) + 4) % 7) + 7) % 7;
}

export function isWorkingDay(dayStart: number): boolean {
  const weekday = utcWeekday(dayStart);
  return weekday !== 0 && weekday !== 6;
}

/** How many Monday-to-Friday days start in [from, to) (UTC), in constant time (a task may span years). */
export function countWorkingDays(from: number, to: number): number {
  const first = dayStartUtc(from);
  const days = Math.max(0, Math.ceil((to - first) / DAY_MS));
  let count = Math.floor(days / 7) * 5;
  const weekday = utcWeekday(first);
  for (let i = 0; i < days % 7; i += 1) {
    const day = (weekday + i) % 7;
    if (day !== 0 && day !== 6) count += 1;
  }
  return count;
}

/** A designer's hours a day: their own, or 8 when they have none (SPEC §3). */
export function dailyAvailabilityOf(value: number | null | undefined): number {
  return value ?? DEFAULT_DAILY_AVAILABILITY;
}

/** Hours a designer can give in the month starting at `monthStart`: working days × daily hours. */
export function monthCapacityHours(monthStart: number, dailyAvailability: number): number {
  return countWorkingDays(monthStart, nextMonthStartUtc(monthStart)) * dailyAvailability;
}

/** Hours are numbers with at most two decimals (DESIGN §3). */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}

export interface ScheduledTaskInput {
  id: string;
  /** epoch ms; the day the task was created: work on it can start then */
  createdAt: number;
  /** epoch ms (23:59:59 UTC of the chosen day) */
  deadline: number;
  estimatedWork: number;
}

export interface ScheduleDay {
  /** UTC start of the day */
  day: number;
  hours: number;
  /** the planned hours exceed the designer's daily availability */
  overbooked: boolean;
  /** the tasks with hours on this day and how many */
  tasks: { id: string; hours: number }[];
}

/**
 * Lays a designer's open tasks out over the days [from, to) (DESIGN §3 decision, see
 * docs/decisions.md "Hours and money"): each task's estimate is spread evenly over the working
 * days from the day it was created to its deadline day (all on the deadline day when that span has
 * no working day). A day whose hours exceed the daily availability is overbooked. Pure and
 * deterministic, so the server's bench and the web's grid agree.
 */
export function layoutSchedule(
  tasks: readonly ScheduledTaskInput[],
  range: { from: number; to: number },
  dailyAvailability: number,
): ScheduleDay[] {
  const byDay = new Map<number, ScheduleDay>();
  const rangeStart = dayStartUtc(range.from);
  for (let day = rangeStart; day < range.to; day += DAY_MS) {
    byDay.set(day, { day, hours: 0, overbooked: false, tasks: [] });
  }
  const add = (day: number, task: ScheduledTaskInput, share: number) => {
    const entry = byDay.get(day);
    if (!entry) return;
    entry.hours += share;
    entry.tasks.push({ id: task.id, hours: roundHours(share) });
  };
  for (const task of tasks) {
    if (task.estimatedWork <= 0) continue;
    const deadlineDay = dayStartUtc(task.deadline);
    const startDay = Math.min(dayStartUtc(task.createdAt), deadlineDay);
    const spanEnd = deadlineDay + DAY_MS;
    const working = countWorkingDays(startDay, spanEnd);
    if (working === 0) {
      add(deadlineDay, task, task.estimatedWork);
      continue;
    }
    // Only the days of the span inside the range are visited: a span may be far longer.
    const share = task.estimatedWork / working;
    for (let day = Math.max(startDay, rangeStart); day < Math.min(spanEnd, range.to); day += DAY_MS) {
      if (isWorkingDay(day)) add(day, task, share);
    }
  }
  return [...byDay.values()].map((entry) => {
    const hours = roundHours(entry.hours);
    return { ...entry, hours, overbooked: hours > dailyAvailability };
  });
}
