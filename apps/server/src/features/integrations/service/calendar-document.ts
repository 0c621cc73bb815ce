import { type CalendarFeedKind, canSubscribeCalendar, isStaff, type Role, taskPath } from "@atelier/shared";
import ical, { ICalCalendarMethod } from "ical-generator";
import type { BinaryAnswer } from "../../../core/binary-route.ts";
import type { AppContext } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import { hashToken } from "../../../lib/tokens.ts";
import { findCalendarFeed, touchCalendarFeed } from "../repo/calendar-feeds.ts";
import { listDeadlineTasks, listScheduleTasks } from "../repo/feed-tasks.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** How far back a feed reaches, and how many events it holds: calendar apps re-read it often. */
const PAST_DAYS = 60;
const EVENTS_MAX = 1000;
/** Calendar apps are told to read again after this long (REFRESH-INTERVAL / X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 60 * 60;
const LAST_USED_MS = 60 * 60 * 1000;

/**
 * `GET /calendar/:token`: the iCalendar feed of the address's owner, as they would see it now. The
 * address is the permission (a capability link); an unknown or revoked one is 404, as for files.
 */
export async function serveCalendarFeed(ctx: AppContext, input: { token: string }): Promise<BinaryAnswer> {
  const token = input.token.replace(/\.ics$/, "");
  const found = await findCalendarFeed(ctx.db, hashToken(token));
  if (!found || !canSubscribeCalendar(found.owner, found.feed.kind)) throw notFound();
  const now = new Date();
  const { feed, owner } = found;
  if (!feed.lastUsedAt || now.getTime() - feed.lastUsedAt.getTime() >= LAST_USED_MS) {
    await touchCalendarFeed(ctx.db, feed.id, now);
  }
  const text = await buildCalendar(ctx, { kind: feed.kind, owner, now });
  return {
    status: 200,
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `inline; filename="${feed.kind}.ics"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
    body: Buffer.from(text, "utf8"),
  };
}

async function buildCalendar(
  ctx: AppContext,
  input: { kind: CalendarFeedKind; owner: { id: string; role: Role }; now: Date },
): Promise<string> {
  const { kind, owner, now } = input;
  const product = ctx.config.productName;
  const calendar = ical({
    name: `${product} ${kind === "deadlines" ? "deadlines" : "schedule"}`,
    prodId: { company: product, product: `${kind}-feed`, language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
    ttl: REFRESH_SECONDS,
  });
  const from = new Date(now.getTime() - PAST_DAYS * DAY_MS);
  const link = (projectId: string, taskId: string) => `${ctx.config.publicUrl}/app${taskPath(projectId, taskId)}`;
  if (kind === "deadlines") {
    const rows = await listDeadlineTasks(ctx.db, {
      userId: owner.id,
      everyProject: isStaff(owner.role),
      from,
      limit: EVENTS_MAX,
    });
    for (const task of rows) {
      if (!task.deadline) continue;
      calendar.createEvent({
        id: `deadline-${task.id}@atelier`,
        // The deadline is the end of its day (23:59:59 UTC): the event is that whole day.
        start: new Date(
          Date.UTC(task.deadline.getUTCFullYear(), task.deadline.getUTCMonth(), task.deadline.getUTCDate()),
        ),
        allDay: true,
        summary: `${task.title} (${task.projectName})`,
        description: `Deadline of "${task.title}" in ${task.projectName}, status ${task.status}.`,
        url: link(task.projectId, task.id),
        stamp: now,
        lastModified: task.updatedAt,
      });
    }
  } else {
    const rows = await listScheduleTasks(ctx.db, {
      designerId: owner.role === "designer" ? owner.id : undefined,
      from,
      limit: EVENTS_MAX,
    });
    for (const task of rows) {
      const start = task.startedAt ?? task.createdAt;
      const end = task.deadline ?? new Date(start.getTime() + (task.estimatedTimeOfCompletion ?? 0) * HOUR_MS);
      const designer = `${task.designerName} ${task.designerSurname}`;
      calendar.createEvent({
        id: `schedule-${task.id}@atelier`,
        start,
        // An event must not end before it starts (RFC 5545 §3.6.1): a late task shows its start hour.
        end: end.getTime() > start.getTime() ? end : new Date(start.getTime() + HOUR_MS),
        summary: owner.role === "designer" ? `${task.title} (${task.projectName})` : `${designer}: ${task.title}`,
        description: `${task.projectName}, status ${task.status}, designer ${designer}.`,
        url: link(task.projectId, task.id),
        stamp: now,
        lastModified: task.updatedAt,
      });
    }
  }
  return calendar.toString();
}
