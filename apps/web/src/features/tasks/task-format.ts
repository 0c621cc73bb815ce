import {
  deadlineForDay,
  formatDay,
  TASK_PRIORITY_TEXT,
  TASK_STATUS_TEXT,
  type Task,
  type TaskPriority,
  type TaskStatus,
} from "@atelier/shared";

export const STATUS_COLORS: Record<TaskStatus, string> = {
  todo: "gray.7",
  inProgress: "blue.8",
  review: "grape.8",
  approved: "teal.9",
};

/** Priority badges are light: a pale background in the colour, the text in its darkest shade. */
export const PRIORITY_COLORS: Record<TaskPriority, string> = {
  low: "gray",
  medium: "indigo",
  high: "orange",
  urgent: "red",
};

export function statusLabel(status: TaskStatus): string {
  return TASK_STATUS_TEXT[status];
}

/** The server's `textValue` when it sent one, else the shared label. */
export function priorityLabel(priority: Task["priority"]): string {
  return priority.textValue || TASK_PRIORITY_TEXT[priority.value];
}

/** The label of the button that moves a task to `status` (the flow of DESIGN §3). */
export function statusActionLabel(from: TaskStatus, to: TaskStatus): string {
  if (to === "review") return "Submit for review";
  if (to === "approved") return "Approve";
  if (to === "inProgress") return from === "approved" ? "Reopen" : "Request changes";
  return `Move to ${TASK_STATUS_TEXT[to]}`;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * A deadline is a UTC day (23:59:59 UTC): shown as that calendar day, whatever the viewer's zone,
 * by the one day formatter the server's messages use too (shared), so both read "Nov 30, 2026".
 */
export function formatDeadline(deadline: number): string {
  return formatDay(deadline);
}

export function formatDateTime(epochMs: number): string {
  return dateTimeFormat.format(new Date(epochMs));
}

/** Overdue: a deadline that has passed while the task is not approved. */
export function isOverdue(task: Pick<Task, "deadline" | "status">, now = Date.now()): boolean {
  return task.deadline > 0 && task.deadline < now && task.status !== "approved";
}

/** The deadline day as the date picker's value (YYYY-MM-DD, the UTC day). */
export function deadlineToDay(deadline: number): string | null {
  if (deadline <= 0) return null;
  return new Date(deadline).toISOString().slice(0, 10);
}

/** The picked day (YYYY-MM-DD) as the deadline value: that day's 23:59:59 UTC (SPEC §5). */
export function dayToDeadline(day: string): number {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return deadlineForDay(year, month - 1, date);
}

/** Today in the viewer's calendar, as the date picker's YYYY-MM-DD. */
export function todayDay(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** SPEC §5 dial: hours as a number followed by H. */
export function formatEtaHours(hours: number): string {
  return `${hours}H`;
}

/** Estimated work in hours; the top of the slider reads "50+". */
export function formatWorkHours(hours: number, max: number): string {
  return hours >= max ? `${max}+ h` : `${hours} h`;
}

/** "1 KB", "2.4 MB": a file size for people. */
export function taskPath(task: Pick<Task, "projectId" | "id">): string {
  return `/project/${task.projectId}/task/${task.id}`;
}

export function fileUrl(key: string): string {
  return `/serve/s/${encodeURIComponent(key)}`;
}

/**
 * The date inputs show their placeholder as text (a span, not an input's placeholder), so it must
 * meet text contrast: Mantine's placeholder grey does not on white.
 */
export const PLACEHOLDER_STYLES = { placeholder: { color: "var(--mantine-color-gray-7)" } };

/** Names for the calendar's arrow buttons (Mantine leaves them unnamed). */
export const CALENDAR_ARIA_LABELS = {
  previousMonth: "Previous month",
  nextMonth: "Next month",
  previousYear: "Previous year",
  nextYear: "Next year",
  previousDecade: "Previous decade",
  nextDecade: "Next decade",
};
