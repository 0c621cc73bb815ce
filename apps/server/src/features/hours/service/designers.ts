import {
  canReadSchedule,
  canSeeDesignerOverview,
  type DesignerOverview,
  dailyAvailabilityOf,
  dayStartUtc,
  monthCapacityHours,
  monthStartUtc,
  type ScheduleRow,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, encodeCursor } from "../../../core/cursor.ts";
import { forbidden } from "../../../core/errors.ts";
import { JsonText } from "../../../core/route.ts";
import { type Keyset, loadOverviewPageJson, loadSchedulePageJson } from "../repo/designers.ts";

type Page<T> = { items: T[]; nextCursor: string | null };
type PageQuery = { limit: number; cursor?: string | undefined };

function keyset(cursor: string | undefined): Keyset {
  const after = decodeCursor(cursor, ["timestamp", "id"] as const);
  return after ? { createdAtKey: after[0], id: after[1] } : null;
}

/**
 * `GET /v3/project/designer/overview` (staff): one statement per page, its items written by
 * PostgreSQL with the figures' rules (capacity, default availability) decided here.
 */
export async function loadDesignerOverview(
  ctx: AppContext,
  actor: Actor,
  query: PageQuery,
): Promise<JsonText<Page<DesignerOverview>>> {
  if (!canSeeDesignerOverview(actor)) throw forbidden();
  const monthStart = monthStartUtc(Date.now());
  const page = await loadOverviewPageJson(ctx.db, {
    after: keyset(query.cursor),
    limit: query.limit,
    rules: {
      monthStart,
      capacityPerDailyHour: monthCapacityHours(monthStart, 1),
      defaultDailyAvailability: dailyAvailabilityOf(null),
    },
  });
  const nextCursor = page.next ? encodeCursor([page.next.createdAtKey, page.next.id]) : null;
  return JsonText.withField({ nextCursor }, "items", page.items);
}

/**
 * `GET /v3/schedule`: a designer's own row, or a page of every designer's for staff; one statement
 * writes the page's rows with their tasks in the range.
 */
export async function loadSchedule(
  ctx: AppContext,
  actor: Actor,
  query: PageQuery & { from: number; to: number; designerId?: string | undefined },
): Promise<JsonText<Page<ScheduleRow>>> {
  if (!canReadSchedule(actor, query.designerId)) throw forbidden();
  const designerId = actor.role === "designer" ? actor.id : query.designerId;
  const page = await loadSchedulePageJson(ctx.db, {
    after: keyset(query.cursor),
    limit: query.limit,
    ...(designerId ? { designerId } : {}),
    from: new Date(dayStartUtc(query.from)),
    to: new Date(query.to),
    defaultDailyAvailability: dailyAvailabilityOf(null),
  });
  const nextCursor = page.next ? encodeCursor([page.next.createdAtKey, page.next.id]) : null;
  return JsonText.withField({ nextCursor }, "items", page.items);
}
