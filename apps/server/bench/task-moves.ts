import type { RawSql } from "./database.ts";
import type { Workspace } from "./seed.ts";
import type { TaskWorkspace } from "./seed-tasks.ts";
import type { BenchSummary } from "./summary.ts";

const MOVES = 20;

/**
 * Moving one task in the custom order must cost the same in a 100k-task project as in a small one
 * (issue 7): it reads two neighbour keys and writes one row. Moves a task from the middle to 90%
 * deep and to the top, repeatedly, in both, and prints the task rows each move wrote (counted in
 * the table, by updated_at) and the median time.
 */
export async function measureTaskMoves(
  baseUrl: string,
  raw: RawSql,
  workspace: Workspace,
  taskWorkspace: TaskWorkspace,
  summary: BenchSummary,
): Promise<void> {
  const { customer } = workspace.actors;
  const [small] = await raw.query(
    `select id::text as id from projects where owner_id = $1 and deleted_at is null and id <> $2
     and task_count >= 10 order by task_count limit 1`,
    [customer.id, taskWorkspace.bigProjectId],
  );
  console.log("\nOne custom-order move (task from the middle to 90% deep), median of", MOVES);
  for (const [label, projectId] of [
    ["big project", taskWorkspace.bigProjectId],
    ["small project", String(small?.id)],
  ] as const) {
    const ids = async (fraction: number) => {
      const [row] = await raw.query(
        `select id::text as id, (select count(*) from tasks where project_id = $1 and archived_at is null) as n
         from tasks where project_id = $1 and archived_at is null order by custom_sort_index
         offset (select floor(count(*) * $2::float8) from tasks where project_id = $1 and archived_at is null) limit 1`,
        [projectId, fraction],
      );
      return { id: String(row?.id), size: Number(row?.n) };
    };
    const moving = await ids(0.5);
    const target = await ids(0.9);
    const times: number[] = [];
    let written = 0;
    for (let move = 0; move < MOVES; move++) {
      const afterTaskId = move % 2 === 0 ? target.id : null;
      const [clock] = await raw.query("select now()::text as at");
      const start = performance.now();
      const response = await fetch(new URL(`/v3/project/${projectId}/tasks/reorder`, baseUrl), {
        method: "POST",
        headers: { "auth-token": customer.token, "content-type": "application/json" },
        body: JSON.stringify({ tasks: [{ taskId: moving.id, afterTaskId }] }),
      });
      if (response.status !== 200) throw new Error(`reorder answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      times.push(performance.now() - start);
      const [changed] = await raw.query(
        "select count(*)::int as count from tasks where project_id = $1 and updated_at >= $2::timestamptz",
        [projectId, clock?.at],
      );
      written = Math.max(written, Number(changed?.count));
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? Number.NaN;
    console.log(
      `  ${label} (${moving.size} active tasks): at most ${written} task row written per move, ${median.toFixed(2)} ms`,
    );
    // One row written per move is the goal; the time is for comparing runs.
    summary.add({
      name: `task move, ${label}: rows written`,
      value: written,
      unit: "rows",
      goal: "1 row",
      met: written === 1,
    });
    summary.add({ name: `task move, ${label}: median`, value: median, unit: "ms" });
  }
}
