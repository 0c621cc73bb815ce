import type { contract, EndpointParsed, Task } from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { presentTask } from "../presenter.ts";
import { listActiveTasks, listArchivedTasks, type TaskListCursor } from "../repo/lists.ts";
import type { TaskView } from "../repo/read.ts";
import { viewerOf } from "./access.ts";
import { designsFor, type TasksContext } from "./designs.ts";

type ListQuery = EndpointParsed<typeof contract.tasks.list>["query"];
type ArchivedQuery = EndpointParsed<typeof contract.tasks.listArchived>["query"];
interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

function decodeListCursor(sort: ListQuery["sort"], cursor: string | undefined): TaskListCursor | null {
  switch (sort) {
    case "created": {
      const values = decodeCursor(cursor, ["timestamp", "id"] as const);
      return values ? { sort, createdAtKey: values[0], id: values[1] } : null;
    }
    case "priority":
    case "status": {
      const values = decodeCursor(cursor, ["number", "timestamp", "id"] as const);
      return values ? { sort, rank: values[0], createdAtKey: values[1], id: values[2] } : null;
    }
    case "custom": {
      const values = decodeCursor(cursor, ["string"] as const);
      return values ? { sort, key: values[0] } : null;
    }
  }
}

function cursorOf(sort: ListQuery["sort"], row: TaskView): Array<string | number> {
  switch (sort) {
    case "created":
      return [row.createdAtKey, row.id];
    case "priority":
      return [row.priorityRank, row.createdAtKey, row.id];
    case "status":
      return [row.statusRank, row.createdAtKey, row.id];
    case "custom":
      return [row.customSortIndex];
  }
}

/**
 * `GET /v3/project/get/{id}/tasks`: one keyset page of the active tasks in the chosen sort, each
 * walked over its own index; two queries (access, page) whatever the page size.
 */
export async function listProjectTasks(
  ctx: TasksContext,
  actor: Actor,
  input: { id: string; query: ListQuery },
  preloaded?: PreloadedScope,
): Promise<Page<Task>> {
  const access = await loadVisibleProject(ctx, actor, input.id, preloaded);
  const { sort, limit, cursor } = input.query;
  const rows = await listActiveTasks(ctx.db, {
    viewerId: actor.id,
    projectId: access.project.id,
    sort,
    after: decodeListCursor(sort, cursor),
    limit,
  });
  const viewer = viewerOf(actor, access);
  const designs = await designsFor(ctx.taskDesigns, ctx.db, viewer, rows);
  return toPage(
    rows,
    limit,
    (row) => presentTask(viewer, row, designs.get(row.id)),
    (row) => cursorOf(sort, row),
  );
}

/** `GET /v3/project/get/{id}/archived-tasks`: most recently archived first. */
export async function listArchivedProjectTasks(
  ctx: TasksContext,
  actor: Actor,
  input: { id: string; query: ArchivedQuery },
  preloaded?: PreloadedScope,
): Promise<Page<Task>> {
  const access = await loadVisibleProject(ctx, actor, input.id, preloaded);
  const values = decodeCursor(input.query.cursor, ["timestamp", "id"] as const);
  const rows = await listArchivedTasks(ctx.db, {
    viewerId: actor.id,
    projectId: access.project.id,
    after: values ? { archivedAtKey: values[0], id: values[1] } : null,
    limit: input.query.limit,
  });
  const viewer = viewerOf(actor, access);
  const designs = await designsFor(ctx.taskDesigns, ctx.db, viewer, rows);
  return toPage(
    rows,
    input.query.limit,
    (row) => presentTask(viewer, row, designs.get(row.id)),
    (row) => [row.archivedAtKey ?? "", row.id],
  );
}
