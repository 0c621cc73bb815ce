import { encodeCursor } from "../src/core/cursor.ts";
import type { RawSql } from "./database.ts";
import type { Scenario } from "./scenarios.ts";
import type { Workspace } from "./seed.ts";
import type { TaskWorkspace } from "./seed-tasks.ts";

/** How deep the "deep" page of each task list starts (issue 7: 90% through the big project). */
const DEPTH = 0.9;

const key = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Task calls under load (issue 7 "Performance"): each sort of the 100k-task project at page 1 and
 * 90% deep, the archived list, one task, and the dashboard for staff (plain, deep, searched) and a
 * designer. Deep cursors are made from the row at that depth, found once with OFFSET (setup only),
 * and encoded with the API's own codec, so the calls see exactly the cursors they would hand out.
 */
export async function buildTaskScenarios(
  raw: RawSql,
  workspace: Workspace,
  taskWorkspace: TaskWorkspace,
): Promise<Scenario[]> {
  const { admin, designer, customer } = workspace.actors;
  const projectId = taskWorkspace.bigProjectId;
  const scenarios: Scenario[] = [];
  const one = async (text: string, params: unknown[]) => (await raw.query(text, params))[0] ?? {};
  const [counts] = await raw.query(
    `select count(*) filter (where archived_at is null)::int as active,
            count(*) filter (where archived_at is not null)::int as archived
     from tasks where project_id = $1`,
    [projectId],
  );
  const deepActive = Math.floor(Number(counts?.active) * DEPTH);
  const deepArchived = Math.floor(Number(counts?.archived) * DEPTH);
  const active = "project_id = $1 and archived_at is null";

  const sorts: Array<{ sort: string; cursor: () => Promise<Array<string | number>> }> = [
    {
      sort: "created",
      cursor: async () => {
        const row = await one(
          `select ${key("created_at")} as k, id::text as id from tasks where ${active}
           order by created_at desc, id desc offset $2 limit 1`,
          [projectId, deepActive],
        );
        return [String(row.k), String(row.id)];
      },
    },
    ...(["priority", "status"] as const).map((sort) => ({
      sort,
      cursor: async () => {
        const row = await one(
          `select ${sort}_rank as r, ${key("created_at")} as k, id::text as id from tasks where ${active}
           order by ${sort}_rank desc, created_at desc, id desc offset $2 limit 1`,
          [projectId, deepActive],
        );
        return [Number(row.r), String(row.k), String(row.id)];
      },
    })),
    {
      sort: "custom",
      cursor: async () => {
        const row = await one(
          `select custom_sort_index as k from tasks where ${active} order by custom_sort_index offset $2 limit 1`,
          [projectId, deepActive],
        );
        return [String(row.k)];
      },
    },
  ];
  for (const { sort, cursor } of sorts) {
    const path = `/v3/project/get/${projectId}/tasks?sort=${sort}`;
    scenarios.push({ name: `tasks ${sort} p1`, path, token: customer.token });
    const deep = encodeURIComponent(encodeCursor(await cursor()));
    scenarios.push({ name: `tasks ${sort} 90%`, path: `${path}&cursor=${deep}`, token: customer.token });
  }
  const archivedPath = `/v3/project/get/${projectId}/archived-tasks`;
  scenarios.push({ name: "archived-tasks p1", path: archivedPath, token: customer.token });
  const archivedRow = await one(
    `select ${key("archived_at")} as k, id::text as id from tasks where project_id = $1 and archived_at is not null
     order by archived_at desc, id desc offset $2 limit 1`,
    [projectId, deepArchived],
  );
  const archivedCursor = encodeURIComponent(encodeCursor([String(archivedRow.k), String(archivedRow.id)]));
  scenarios.push({
    name: "archived-tasks 90%",
    path: `${archivedPath}?cursor=${archivedCursor}`,
    token: customer.token,
  });

  const someTask = await one("select id::text as id from tasks where project_id = $1 limit 1", [projectId]);
  scenarios.push({
    name: "task get owner",
    path: `/v3/project/${projectId}/task/${someTask.id}`,
    token: customer.token,
  });

  scenarios.push({ name: "dashboard admin p1", path: "/v3/tasks/dashboard", token: admin.token });
  const [dated] = await raw.query(
    "select count(*)::int as count from tasks where archived = false and deadline is not null",
  );
  const datedRow = await one(
    `select ${key("deadline")} as k, id::text as id from tasks where archived = false and deadline is not null
     order by deadline, id offset $1 limit 1`,
    [Math.floor(Number(dated?.count) * DEPTH)],
  );
  const datedCursor = encodeURIComponent(encodeCursor(["dated", String(datedRow.k), String(datedRow.id)]));
  scenarios.push({
    name: "dashboard admin 90%",
    path: `/v3/tasks/dashboard?cursor=${datedCursor}`,
    token: admin.token,
  });
  scenarios.push({ name: "dashboard admin search", path: "/v3/tasks/dashboard?q=poster%20blue", token: admin.token });
  scenarios.push({ name: "dashboard designer p1", path: "/v3/tasks/dashboard", token: designer.token });
  scenarios.push({ name: "dashboard/counts designer", path: "/v3/tasks/dashboard/counts", token: designer.token });
  return scenarios;
}
