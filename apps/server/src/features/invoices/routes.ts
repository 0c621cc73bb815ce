import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import { binaryRoute } from "../../core/binary-route.ts";
import type { AppContext } from "../../core/context.ts";
import { route, scopedRoute } from "../../core/route.ts";
import { projectInPath } from "../../core/route-scope.ts";
import { issueCreditNote } from "./service/credit-note.ts";
import { exportInvoicesCsv } from "./service/export.ts";
import { downloadInvoicePdf, listAllInvoices, listProjectInvoices } from "./service/read.ts";
import { getInvoiceSettings, saveSettings } from "./service/settings.ts";

export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.invoices;
  scopedRoute(app, ctx, c.listProject, projectInPath, ({ actor, params, query, preloaded }) =>
    listProjectInvoices(ctx, actor, { ...params, ...query }, preloaded),
  );
  route(app, ctx, c.list, ({ actor, query }) => listAllInvoices(ctx, actor, query));
  binaryRoute(app, ctx, c.exportCsv, ({ actor }) => exportInvoicesCsv(ctx, actor));
  binaryRoute(app, ctx, c.pdf, ({ actor, params }) => downloadInvoicePdf(ctx, actor, params));
  route(app, ctx, c.issueCreditNote, ({ actor, params, body }) => issueCreditNote(ctx, actor, { ...params, ...body }));
  route(app, ctx, c.settings, ({ actor }) => getInvoiceSettings(ctx, actor));
  route(app, ctx, c.saveSettings, ({ actor, body }) => saveSettings(ctx, actor, body));
}
