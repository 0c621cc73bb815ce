import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { route, scopedRoute } from "../../core/route.ts";
import { projectInPath } from "../../core/route-scope.ts";
import { loadDesignerOverview, loadSchedule } from "./service/designers.ts";
import { loadHoursLedger } from "./service/ledger.ts";
import { listUserPayments, recordPayment } from "./service/payments.ts";
import { loadWorkLog } from "./service/work-log.ts";

export function registerHoursRoutes(app: FastifyInstance, ctx: AppContext): void {
  const h = contract.hours;
  route(app, ctx, h.workLogMonthly, ({ actor, query }) => loadWorkLog(ctx, actor, query));
  route(app, ctx, h.designerOverview, ({ actor, query }) => loadDesignerOverview(ctx, actor, query));
  route(app, ctx, h.recordPayment, ({ actor, body }) => recordPayment(ctx, actor, body));
  route(app, ctx, h.listPayments, ({ actor, params, query }) => listUserPayments(ctx, actor, { id: params.id, query }));
  route(app, ctx, h.schedule, ({ actor, query }) => loadSchedule(ctx, actor, query));
  scopedRoute(app, ctx, h.ledger, projectInPath, ({ actor, params, preloaded }) =>
    loadHoursLedger(ctx, actor, params.id, preloaded),
  );
}
