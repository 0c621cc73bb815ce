import { canManageInvoices, type InvoiceSettings, type InvoiceSettingsInput } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden } from "../../../core/errors.ts";
import { presentInvoiceSettings } from "../presenter.ts";
import { findInvoiceSettings, saveInvoiceSettings } from "../repo/settings.ts";
import { bankDetailsOf } from "./issue.ts";

/** `GET /v3/invoice-settings` (admin). */
export async function getInvoiceSettings(ctx: AppContext, actor: Actor): Promise<InvoiceSettings> {
  if (!canManageInvoices(actor)) throw forbidden();
  return presentInvoiceSettings(await findInvoiceSettings(ctx.db), bankDetailsOf(ctx.config));
}

/** `POST /v3/invoice-settings` (admin): applies to invoices issued from now on only. */
export async function saveSettings(
  ctx: AppContext,
  actor: Actor,
  input: InvoiceSettingsInput,
): Promise<InvoiceSettings> {
  if (!canManageInvoices(actor)) throw forbidden();
  await saveInvoiceSettings(ctx.db, { ...input, updatedById: actor.id });
  return getInvoiceSettings(ctx, actor);
}
