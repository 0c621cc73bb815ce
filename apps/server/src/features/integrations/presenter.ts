import type { AdminApiToken, ApiToken, CalendarFeed } from "@atelier/shared";
import type { ApiTokenRow } from "./repo/api-tokens.ts";
import type { CalendarFeedRow } from "./repo/calendar-feeds.ts";

/** A token as its owner sees it: never its hash. */
export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  };
}

export function presentAdminApiToken(row: ApiTokenRow, owner: AdminApiToken["owner"]): AdminApiToken {
  return { ...presentApiToken(row), owner };
}

export function presentCalendarFeed(row: CalendarFeedRow): CalendarFeed {
  return { kind: row.kind, createdAt: row.createdAt.getTime(), lastUsedAt: row.lastUsedAt?.getTime() ?? null };
}
