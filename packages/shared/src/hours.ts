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
  /** epoch ms (23:59:59 UTC of the chosen day); 0 for none */
  deadline: number;
  estimatedWork: number;
  /** epoch ms work started (in progress), else null: places a task without a deadline */
  startedAt?: number | null;
  /** hours to completion set when work started (SPEC §5 slider 0–72) */
  estimatedTimeOfCompletion?: number | null;
}

export interface ScheduleDay {
  /** UTC start of the day */
  day: number;
  hours: number;
  /** hours the designer can give this day: their daily availability Monday to Friday, 0 at weekends */
  capacity: number;
  /** the planned hours exceed the day's capacity */
  overbooked: boolean;
  /** the tasks with hours on this day and how many */
  tasks: { id: string; hours: number }[];
}

const HOUR_MS = 3_600_000;

/** The first working day (UTC) on or after `dayStart`. */
function nextWorkingDay(dayStart: number): number {
  let day = dayStart;
  while (!isWorkingDay(day)) day += DAY_MS;
  return day;
}

/**
 * The days a task's estimate is spread over, or null when it has no place in time: with a
 * deadline, from the day it was created to the deadline day (all on the deadline day when that
 * span has no working day); without one, once started, from the start to the start plus its time
 * to completion (all on the first working day from the start when that span has none: work
 * started at a weekend is done on Monday).
 */
function spanOf(task: ScheduledTaskInput): { start: number; end: number; fallbackDay: number } | null {
  if (task.deadline > 0) {
    const deadlineDay = dayStartUtc(task.deadline);
    return {
      start: Math.min(dayStartUtc(task.createdAt), deadlineDay),
      end: deadlineDay + DAY_MS,
      fallbackDay: deadlineDay,
    };
  }
  if (task.startedAt === null || task.startedAt === undefined) return null;
  const start = dayStartUtc(task.startedAt);
  const finish = task.startedAt + Math.max(0, task.estimatedTimeOfCompletion ?? 0) * HOUR_MS;
  return { start, end: dayStartUtc(finish) + DAY_MS, fallbackDay: nextWorkingDay(start) };
}

/**
 * Lays a designer's open tasks out over the days [from, to) (DESIGN §3 decision, see
 * docs/decisions/041-hours-and-money.md and docs/decisions/029-schedule-and-orders.md): each task's
 * estimate is spread evenly over the working days of its span (`spanOf`). Capacity is the daily
 * availability Monday to Friday and nothing at weekends; a day whose hours exceed its capacity is
 * overbooked. Pure and deterministic, so the server's bench and the web's grid agree.
 */
export function layoutSchedule(
  tasks: readonly ScheduledTaskInput[],
  range: { from: number; to: number },
  dailyAvailability: number,
): ScheduleDay[] {
  const byDay = new Map<number, ScheduleDay>();
  const rangeStart = dayStartUtc(range.from);
  for (let day = rangeStart; day < range.to; day += DAY_MS) {
    byDay.set(day, {
      day,
      hours: 0,
      capacity: isWorkingDay(day) ? dailyAvailability : 0,
      overbooked: false,
      tasks: [],
    });
  }
  const add = (day: number, task: ScheduledTaskInput, share: number) => {
    const entry = byDay.get(day);
    if (!entry) return;
    entry.hours += share;
    entry.tasks.push({ id: task.id, hours: roundHours(share) });
  };
  for (const task of tasks) {
    if (task.estimatedWork <= 0) continue;
    const span = spanOf(task);
    if (!span) continue;
    const working = countWorkingDays(span.start, span.end);
    if (working === 0) {
      add(span.fallbackDay, task, task.estimatedWork);
      continue;
    }
    // Only the days of the span inside the range are visited: a span may be far longer.
    const share = task.estimatedWork / working;
    for (let day = Math.max(span.start, rangeStart); day < Math.min(span.end, range.to); day += DAY_MS) {
      if (isWorkingDay(day)) add(day, task, share);
    }
  }
  return [...byDay.values()].map((entry) => {
    const hours = roundHours(entry.hours);
    return { ...entry, hours, overbooked: hours > entry.capacity };
  });
}
