import type { FeatureModule } from "../../core/feature-module.ts";
import { registerInvoiceRoutes } from "./routes.ts";

/** Invoices and credit notes (issue 24 part 3) as the composition root sees them. */
export const invoicesModule: FeatureModule = {
  name: "invoices",
  routes: registerInvoiceRoutes,
};
