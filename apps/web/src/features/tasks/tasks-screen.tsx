import { TASK_STATUSES, type TaskStatus } from "@atelier/shared";
import { useSearchParams } from "../../lib/router/index.ts";
import { Page } from "../../ui/page.tsx";
import { DashboardFiltersBar } from "./dashboard-filters.tsx";
import { TaskCard } from "./task-card.tsx";
import type { DashboardFilters } from "./task-keys.ts";
import { TaskListView } from "./task-list-view.tsx";
import classes from "./tasks.module.css";
import { useDashboardCounts, useDashboardTasks } from "./use-tasks.ts";

function isStatus(value: string | null): value is TaskStatus {
  return (TASK_STATUSES as readonly string[]).includes(value ?? "");
}

/** The filters live in the address, so a filtered dashboard can be bookmarked and shared. */
function readFilters(params: URLSearchParams): DashboardFilters {
  const status = params.get("status");
  const deadlineBefore = Number(params.get("due"));
  return {
    status: isStatus(status) ? status : undefined,
    designerId: params.get("designer") ?? undefined,
    projectId: params.get("project") ?? undefined,
    deadlineBefore: Number.isInteger(deadlineBefore) && deadlineBefore > 0 ? deadlineBefore : undefined,
    archived: params.get("archived") === "1",
    q: params.get("q") ?? undefined,
  };
}

function writeFilters(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.designerId) params.set("designer", filters.designerId);
  if (filters.projectId) params.set("project", filters.projectId);
  if (filters.deadlineBefore) params.set("due", String(filters.deadlineBefore));
  if (filters.archived) params.set("archived", "1");
  return params;
}

/** /tasks: tasks across the projects the user can see (a designer: theirs), soonest deadline first. */
export default function TasksScreen() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const { status: _status, ...countFilters } = filters;
  const tasks = useDashboardTasks(filters);
  const counts = useDashboardCounts(countFilters);
  const filtered = Boolean(
    filters.status || filters.designerId || filters.projectId || filters.deadlineBefore || filters.q,
  );

  return (
    <Page title="Tasks">
      <DashboardFiltersBar
        filters={filters}
        counts={counts.data}
        // From the address as it is now (window.location), not as last rendered: the router's own
        // `current` is the params of the render that made the setter, and its re-render after a
        // navigation runs in a transition, so a change right after another (the debounced search
        // landing just after a designer was picked) would otherwise drop the first one.
        onChange={(next) =>
          setParams(writeFilters({ ...readFilters(new URLSearchParams(window.location.search)), ...next }), {
            replace: true,
          })
        }
        onClear={() => setParams(new URLSearchParams(), { replace: true })}
      />
      <section aria-label="Task results">
        <TaskListView
          query={tasks}
          order={2}
          errorTitle="Could not load the tasks"
          empty={
            filtered
              ? { title: "No tasks match", description: "Try other filters or words, or clear the filters." }
              : filters.archived
                ? { title: "No archived tasks", description: "Archived tasks of your projects are listed here." }
                : {
                    title: "No open tasks",
                    description: "Tasks of the projects you work on will be listed here, the soonest deadline first.",
                  }
          }
        >
          {(items) => (
            <ul className={classes.list} aria-label="Tasks">
              {items.map((task) => (
                <li key={task.id}>
                  <TaskCard task={task} order={2} />
                </li>
              ))}
            </ul>
          )}
        </TaskListView>
      </section>
    </Page>
  );
}
