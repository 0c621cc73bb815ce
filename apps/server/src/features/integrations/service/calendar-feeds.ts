import {
  CALENDAR_FEED_KINDS,
  type CalendarFeed,
  type CalendarFeedKind,
  canSubscribeCalendar,
  INTEGRATION_MESSAGES,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden, notFound } from "../../../core/errors.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { presentCalendarFeed } from "../presenter.ts";
import { deleteCalendarFeed, listUserCalendarFeeds, upsertCalendarFeed } from "../repo/calendar-feeds.ts";

/** The feed's address: `.ics` at the end, as calendar apps expect of a subscription. */
function feedUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/calendar/${token}.ics`;
}

/** `GET /profile/calendarFeeds`: the caller's feeds (never their addresses) and what they may subscribe to. */
export async function listCalendarFeeds(
  ctx: AppContext,
  actor: Actor,
): Promise<{ items: CalendarFeed[]; available: CalendarFeedKind[] }> {
  const rows = await listUserCalendarFeeds(ctx.db, actor.id);
  return {
    items: rows.filter((row) => canSubscribeCalendar(actor, row.kind)).map(presentCalendarFeed),
    available: CALENDAR_FEED_KINDS.filter((kind) => canSubscribeCalendar(actor, kind)),
  };
}

/** `POST /profile/calendarFeeds/:kind`: a new secret address (256 random bits), replacing the old one. */
export async function createCalendarFeed(
  ctx: AppContext,
  actor: Actor,
  input: { kind: CalendarFeedKind },
): Promise<{ url: string; feed: CalendarFeed }> {
  if (!canSubscribeCalendar(actor, input.kind)) throw forbidden(INTEGRATION_MESSAGES.scheduleFeedTeamOnly);
  const token = newToken();
  const row = await upsertCalendarFeed(ctx.db, { userId: actor.id, kind: input.kind, tokenHash: hashToken(token) });
  return { url: feedUrl(ctx, token), feed: presentCalendarFeed(row) };
}

/** `DELETE /profile/calendarFeeds/:kind`: the address stops answering. */
export async function revokeCalendarFeed(
  ctx: AppContext,
  actor: Actor,
  input: { kind: CalendarFeedKind },
): Promise<void> {
  if (!(await deleteCalendarFeed(ctx.db, actor.id, input.kind))) throw notFound();
}
