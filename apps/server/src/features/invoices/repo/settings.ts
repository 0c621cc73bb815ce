import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { invoiceSettings, projects } from "../../../db/schema/index.ts";

export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;

export async function findInvoiceSettings(db: DbOrTx): Promise<InvoiceSettingsRow | null> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  return row ?? null;
}

export async function saveInvoiceSettings(
  db: DbOrTx,
  values: Pick<InvoiceSettingsRow, "legalName" | "address" | "country" | "vatId" | "vatRates" | "updatedById">,
): Promise<void> {
  const row = { ...values, updatedAt: new Date() };
  await db
    .insert(invoiceSettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: invoiceSettings.id, set: row });
}

/** The project's billing details (SPEC §3 Billing info) as they are now: the invoice's buyer. */
export async function findBuyerDetails(db: DbOrTx, projectId: string) {
  const [row] = await db
    .select({
      projectName: projects.name,
      customerType: projects.customerType,
      customerFirstName: projects.customerFirstName,
      customerLastName: projects.customerLastName,
      customerCompanyName: projects.customerCompanyName,
      customerAddress: projects.customerAddress,
      customerPost: projects.customerPost,
      customerPostCode: projects.customerPostCode,
      customerCountry: projects.customerCountry,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? null;
}
