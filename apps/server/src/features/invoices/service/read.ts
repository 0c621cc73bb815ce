import {
  canManageInvoices,
  canSeeProjectInvoices,
  type contract,
  type EndpointParsed,
  type Invoice,
} from "@atelier/shared";
import type { BinaryAnswer } from "../../../core/binary-route.ts";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import { forbidden, notFound, unauthenticated } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { presentInvoice } from "../presenter.ts";
import { findInvoice, listInvoices } from "../repo/invoices.ts";
import { DEFAULT_ACCENT_COLOR, renderInvoicePdf } from "./pdf.ts";
import { readSnapshot } from "./snapshot.ts";

type ListQuery = EndpointParsed<typeof contract.invoices.list>["query"];
type Page = { items: Invoice[]; nextCursor: string | null };

async function pageOfInvoices(ctx: AppContext, projectId: string | null, query: ListQuery): Promise<Page> {
  const cursor = decodeCursor(query.cursor, ["timestamp", "id"] as const);
  const rows = await listInvoices(ctx.db, {
    projectId,
    after: cursor ? { issuedAtKey: cursor[0], id: cursor[1] } : null,
    limit: query.limit,
  });
  return toPage(rows, query.limit, presentInvoice, (row) => [row.issuedAtKey, row.invoice.id]);
}

/** `GET /v3/project/{id}/invoices`: the owner, editors and admins. */
export async function listProjectInvoices(
  ctx: AppContext,
  actor: Actor,
  input: { id: string } & ListQuery,
  preloaded?: PreloadedScope,
): Promise<Page> {
  const { project, membership } = await loadVisibleProject(ctx, actor, input.id, preloaded);
  if (!canSeeProjectInvoices(actor, membership)) throw forbidden();
  return pageOfInvoices(ctx, project.id, input);
}

/** `GET /v3/invoices` (admin): every document, newest first. */
export async function listAllInvoices(ctx: AppContext, actor: Actor, query: ListQuery): Promise<Page> {
  if (!canManageInvoices(actor)) throw forbidden();
  return pageOfInvoices(ctx, null, query);
}

/**
 * `GET /v3/invoices/{invoiceId}/pdf`: admins any; the owner and editors their project's. Someone
 * who cannot see the project gets 404 (its invoices' existence is not revealed), a viewer 403.
 */
export async function downloadInvoicePdf(
  ctx: AppContext,
  actor: Actor | null,
  input: { invoiceId: string },
): Promise<BinaryAnswer> {
  if (!actor) throw unauthenticated();
  const invoice = await findInvoice(ctx.db, input.invoiceId);
  if (!invoice) throw notFound();
  if (!canManageInvoices(actor)) {
    if (!invoice.projectId) throw notFound();
    const { membership } = await loadVisibleProject(ctx, actor, invoice.projectId);
    if (!canSeeProjectInvoices(actor, membership)) throw forbidden();
  }
  const pdf = await renderInvoicePdf(readSnapshot(invoice.snapshot), {
    productName: ctx.config.productName,
    accentColor: DEFAULT_ACCENT_COLOR,
    logo: null,
  });
  const prefix = invoice.kind === "CREDIT_NOTE" ? "credit-note" : "invoice";
  return {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(pdf.length),
      "content-disposition": `attachment; filename="${prefix}-${invoice.number}.pdf"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
    body: pdf,
  };
}
