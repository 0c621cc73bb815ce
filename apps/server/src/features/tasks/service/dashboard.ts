import {
  canUseTaskDashboard,
  type contract,
  type DashboardTask,
  type EndpointParsed,
  isStaff,
  TASK_STATUSES,
  type TaskStatusCounts,
} from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import { decodeCursor, encodeCursor } from "../../../core/cursor.ts";
import { badInput } from "../../../core/errors.ts";
import { JsonText } from "../../../core/route.ts";
import { dashboardItemJson, type Viewer } from "../presenter.ts";
import {
  countDashboardTasks,
  type DashboardCursor,
  type DashboardFilters,
  type DashboardRow,
  type DashboardScope,
  listDashboardTasks,
} from "../repo/dashboard.ts";
import { ensureAllowed } from "./access.ts";
import type { TasksContext } from "./designs.ts";

type DashboardQuery = EndpointParsed<typeof contract.tasks.dashboard>["query"];
type CountsQuery = EndpointParsed<typeof contract.tasks.dashboardCounts>["query"];

/** Staff see the tasks of every live project; a designer the tasks assigned to them on their projects. */
function scopeFor(actor: Actor): DashboardScope {
  return isStaff(actor.role) ? { kind: "all" } : { kind: "assignedTo", designerId: actor.id };
}

/** A designer's rows all come from projects where they are an active designer (the scope joins it). */
function viewerFor(actor: Actor, scope: DashboardScope): Viewer {
  return { actor, membership: scope.kind === "assignedTo" ? { projectRole: "designer", active: true } : null };
}

function filtersOf(query: CountsQuery & { status?: DashboardQuery["status"] }): DashboardFilters {
  return {
    archived: query.archived,
    status: query.status,
    designerId: query.designerId,
    projectId: query.projectId,
    deadlineBefore: query.deadlineBefore ? new Date(query.deadlineBefore) : undefined,
    words: (query.q ?? "").split(/\s+/).filter(Boolean),
  };
}

function decodeDashboardCursor(cursor: string | undefined): DashboardCursor | null {
  const values = decodeCursor(cursor, ["string", "timestamp", "id"] as const);
  if (!values) return null;
  const [phase, key, id] = values;
  if (phase === "dated") return { phase, deadlineKey: key, id };
  if (phase === "undated") return { phase, createdAtKey: key, id };
  throw badInput({ cursor: "Invalid cursor" });
}

function cursorOf(row: DashboardRow): DashboardCursor {
  return row.deadlineKey
    ? { phase: "dated", deadlineKey: row.deadlineKey, id: row.id }
    : { phase: "undated", createdAtKey: row.createdAtKey, id: row.id };
}

/**
 * `GET /v3/tasks/dashboard` (staff and designers): tasks with a deadline first, soonest (so
 * overdue) first, then the rest, newest first — two keyset walks over their own indexes. A page
 * that crosses from the first walk to the second makes a second query; no page makes more.
 */
export async function listDashboardPage(
  ctx: TasksContext,
  actor: Actor,
  query: DashboardQuery,
): Promise<JsonText<{ items: DashboardTask[]; nextCursor: string | null }>> {
  ensureAllowed(canUseTaskDashboard(actor));
  const scope = scopeFor(actor);
  const filters = filtersOf(query);
  const after = decodeDashboardCursor(query.cursor);
  const wanted = query.limit + 1;
  const walk = { viewerId: actor.id, scope, filters, after };
  let rows: DashboardRow[] = [];
  if (after?.phase !== "undated") {
    rows = await listDashboardTasks(ctx.db, { ...walk, phase: "dated", limit: wanted });
  }
  // Undated tasks have no deadline at or before any time, so the deadline filter ends the walk here.
  // The second walk reads a whole page too: one statement whatever the first walk left (the page
  // size is written into the prepared statement, repo/dashboard.ts).
  if (rows.length < wanted && !filters.deadlineBefore) {
    const undated = await listDashboardTasks(ctx.db, { ...walk, phase: "undated", limit: wanted });
    rows = rows.concat(undated).slice(0, wanted);
  }
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const viewer = viewerFor(actor, scope);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) {
    const next = cursorOf(last);
    nextCursor = encodeCursor([next.phase, next.phase === "dated" ? next.deadlineKey : next.createdAtKey, next.id]);
  }
  const designs = await ctx.taskDesigns.lists(ctx.db, viewer, page);
  const abilitiesSeen = new Map<string, string>();
  const items = page.map((row) => dashboardItemJson(viewer, row, designs.get(row.id), abilitiesSeen));
  return JsonText.withField({ nextCursor }, "items", `[${items.join(",")}]`);
}

/** `GET /v3/tasks/dashboard/counts`: tasks per status under the same filters and scope. */
export async function countDashboard(ctx: TasksContext, actor: Actor, query: CountsQuery): Promise<TaskStatusCounts> {
  ensureAllowed(canUseTaskDashboard(actor));
  const counts = Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as TaskStatusCounts;
  for (const row of await countDashboardTasks(ctx.db, { scope: scopeFor(actor), filters: filtersOf(query) })) {
    counts[row.status] = row.count;
  }
  return counts;
}
