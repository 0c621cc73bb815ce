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

export function isWorkingDay(dayStart: number): boolean {
  const weekday = new Date(dayStart).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** Monday to Friday days in [from, to) (UTC day starts). */
export function workingDaysBetween(from: number, to: number): number[] {
  const days: number[] = [];
  for (let day = dayStartUtc(from); day < to; day += DAY_MS) if (isWorkingDay(day)) days.push(day);
  return days;
}

/** A designer's hours a day: their own, or 8 when they have none (SPEC §3). */
export function dailyAvailabilityOf(value: number | null | undefined): number {
  return value ?? DEFAULT_DAILY_AVAILABILITY;
}

/** Hours a designer can give in the month starting at `monthStart`: working days × daily hours. */
export function monthCapacityHours(monthStart: number, dailyAvailability: number): number {
  return workingDaysBetween(monthStart, nextMonthStartUtc(monthStart)).length * dailyAvailability;
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
  for (let day = dayStartUtc(range.from); day < range.to; day += DAY_MS) {
    byDay.set(day, { day, hours: 0, overbooked: false, tasks: [] });
  }
  for (const task of tasks) {
    if (task.estimatedWork <= 0) continue;
    const deadlineDay = dayStartUtc(task.deadline);
    const startDay = Math.min(dayStartUtc(task.createdAt), deadlineDay);
    const span = workingDaysBetween(startDay, deadlineDay + DAY_MS);
    const days = span.length > 0 ? span : [deadlineDay];
    const share = task.estimatedWork / days.length;
    for (const day of days) {
      const entry = byDay.get(day);
      if (!entry) continue;
      entry.hours += share;
      entry.tasks.push({ id: task.id, hours: roundHours(share) });
    }
  }
  return [...byDay.values()].map((entry) => {
    const hours = roundHours(entry.hours);
    return { ...entry, hours, overbooked: hours > dailyAvailability };
  });
}
