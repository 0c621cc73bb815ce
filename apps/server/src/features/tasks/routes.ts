import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import { ok, route, scopedRoute } from "../../core/route.ts";
import { projectInBody, projectInPath, taskInBody, taskInPath } from "../../core/route-scope.ts";
import { archiveTask, deleteTask, unarchiveTask } from "./service/archive.ts";
import { createTask } from "./service/create.ts";
import { countDashboard, listDashboardPage } from "./service/dashboard.ts";
import { assignDesigner, listAvailableDesigners } from "./service/designers.ts";
import type { TasksContext } from "./service/designs.ts";
import { getTask } from "./service/detail.ts";
import { addDescriptionFiles, removeDescriptionFiles } from "./service/files.ts";
import { listTaskHistory } from "./service/history.ts";
import { listArchivedProjectTasks, listProjectTasks } from "./service/lists.ts";
import { reorderTasks } from "./service/order.ts";
import { listUnseenProjects, markTaskSeen } from "./service/seen.ts";
import { startTask, updateTaskEstimates, updateTaskStatus } from "./service/status.ts";
import { setTaskDeadline, updateTask, updateTaskPriority } from "./service/update.ts";

export function registerTaskRoutes(app: FastifyInstance, ctx: TasksContext): void {
  const c = contract.tasks;

  scopedRoute(app, ctx, c.create, projectInBody, ({ actor, body, preloaded }) =>
    createTask(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.get, taskInPath, ({ actor, params, preloaded }) => getTask(ctx, actor, params, preloaded));
  scopedRoute(app, ctx, c.update, taskInBody, ({ actor, body, preloaded }) => updateTask(ctx, actor, body, preloaded));
  scopedRoute(app, ctx, c.remove, taskInPath, async ({ actor, params, preloaded }) => {
    await deleteTask(ctx, actor, params, preloaded);
    return ok;
  });
  scopedRoute(app, ctx, c.list, projectInPath, ({ actor, params, query, preloaded }) =>
    listProjectTasks(ctx, actor, { id: params.id, query }, preloaded),
  );
  scopedRoute(app, ctx, c.listArchived, projectInPath, ({ actor, params, query, preloaded }) =>
    listArchivedProjectTasks(ctx, actor, { id: params.id, query }, preloaded),
  );
  scopedRoute(app, ctx, c.archive, taskInBody, ({ actor, body, preloaded }) =>
    archiveTask(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.unarchive, taskInBody, ({ actor, body, preloaded }) =>
    unarchiveTask(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.reorder, projectInPath, ({ actor, params, body, preloaded }) =>
    reorderTasks(ctx, actor, { id: params.id, moves: body.tasks }, preloaded),
  );
  scopedRoute(app, ctx, c.start, taskInPath, ({ actor, params, body, preloaded }) =>
    startTask(ctx, actor, { ...params, estimates: body }, preloaded),
  );
  scopedRoute(app, ctx, c.updateStatus, taskInBody, ({ actor, body, preloaded }) =>
    updateTaskStatus(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.updateEstimates, taskInBody, ({ actor, body, preloaded }) =>
    updateTaskEstimates(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.setDeadline, taskInBody, ({ actor, body, preloaded }) =>
    setTaskDeadline(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.updatePriority, taskInBody, ({ actor, body, preloaded }) =>
    updateTaskPriority(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.seen, taskInBody, async ({ actor, body, preloaded }) => {
    await markTaskSeen(ctx, actor, body, preloaded);
    return ok;
  });
  route(app, ctx, c.unseenProjects, ({ actor }) => listUnseenProjects(ctx, actor));
  scopedRoute(app, ctx, c.addDescriptionFiles, taskInBody, ({ actor, body, preloaded }) =>
    addDescriptionFiles(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.removeDescriptionFiles, taskInBody, ({ actor, body, preloaded }) =>
    removeDescriptionFiles(ctx, actor, body, preloaded),
  );
  scopedRoute(
    app,
    ctx,
    c.listAvailableDesigners,
    ({ query }) => ({ projectId: query.projectId, taskId: query.taskId }),
    ({ actor, query, preloaded }) => listAvailableDesigners(ctx, actor, query, preloaded),
  );
  scopedRoute(app, ctx, c.assignDesigner, taskInBody, ({ actor, body, preloaded }) =>
    assignDesigner(ctx, actor, body, preloaded),
  );
  scopedRoute(app, ctx, c.history, taskInPath, ({ actor, params, query, preloaded }) =>
    listTaskHistory(ctx, actor, { ...params, query }, preloaded),
  );
  // A dashboard filtered by one project reads that project with the session, as before scopes were
  // declared; its SQL does its own scoping (staff, a designer's projects) and uses none of the rows.
  const projectFilter = ({ query }: { query: { projectId?: string | undefined } }) =>
    query.projectId ? { projectId: query.projectId } : undefined;
  scopedRoute(app, ctx, c.dashboard, projectFilter, ({ actor, query }) => listDashboardPage(ctx, actor, query));
  scopedRoute(app, ctx, c.dashboardCounts, projectFilter, ({ actor, query }) => countDashboard(ctx, actor, query));
}
