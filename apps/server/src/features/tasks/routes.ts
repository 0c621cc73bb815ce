import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import { ok, route } from "../../core/route.ts";
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

  route(app, ctx, c.create, ({ actor, body }) => createTask(ctx, actor, body));
  route(app, ctx, c.get, ({ actor, params }) => getTask(ctx, actor, params));
  route(app, ctx, c.update, ({ actor, body }) => updateTask(ctx, actor, body));
  route(app, ctx, c.remove, async ({ actor, params }) => {
    await deleteTask(ctx, actor, params);
    return ok;
  });
  route(app, ctx, c.list, ({ actor, params, query }) => listProjectTasks(ctx, actor, { id: params.id, query }));
  route(app, ctx, c.listArchived, ({ actor, params, query }) =>
    listArchivedProjectTasks(ctx, actor, { id: params.id, query }),
  );
  route(app, ctx, c.archive, ({ actor, body }) => archiveTask(ctx, actor, body));
  route(app, ctx, c.unarchive, ({ actor, body }) => unarchiveTask(ctx, actor, body));
  route(app, ctx, c.reorder, ({ actor, params, body }) =>
    reorderTasks(ctx, actor, { id: params.id, moves: body.tasks }),
  );
  route(app, ctx, c.start, ({ actor, params, body }) => startTask(ctx, actor, { ...params, estimates: body }));
  route(app, ctx, c.updateStatus, ({ actor, body }) => updateTaskStatus(ctx, actor, body));
  route(app, ctx, c.updateEstimates, ({ actor, body }) => updateTaskEstimates(ctx, actor, body));
  route(app, ctx, c.setDeadline, ({ actor, body }) => setTaskDeadline(ctx, actor, body));
  route(app, ctx, c.updatePriority, ({ actor, body }) => updateTaskPriority(ctx, actor, body));
  route(app, ctx, c.seen, async ({ actor, body }) => {
    await markTaskSeen(ctx, actor, body);
    return ok;
  });
  route(app, ctx, c.unseenProjects, ({ actor }) => listUnseenProjects(ctx, actor));
  route(app, ctx, c.addDescriptionFiles, ({ actor, body }) => addDescriptionFiles(ctx, actor, body));
  route(app, ctx, c.removeDescriptionFiles, ({ actor, body }) => removeDescriptionFiles(ctx, actor, body));
  route(app, ctx, c.listAvailableDesigners, ({ actor, query }) => listAvailableDesigners(ctx, actor, query));
  route(app, ctx, c.assignDesigner, ({ actor, body }) => assignDesigner(ctx, actor, body));
  route(app, ctx, c.history, ({ actor, params, query }) => listTaskHistory(ctx, actor, { ...params, query }));
  route(app, ctx, c.dashboard, ({ actor, query }) => listDashboardPage(ctx, actor, query));
  route(app, ctx, c.dashboardCounts, ({ actor, query }) => countDashboard(ctx, actor, query));
}
