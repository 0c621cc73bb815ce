import { canManageInvoices } from "@atelier/shared";
import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";

// Only what other features mount: lazy or tiny, as the app's entry imports this file for the routes.
export { invoiceKeys } from "./invoice-keys.ts";
export const ProjectInvoicesSection = lazy(() =>
  import("./project-invoices.tsx").then((module) => ({ default: module.ProjectInvoicesSection })),
);

export const invoicesRoutes: FeatureRoute[] = [
  {
    path: "invoices",
    Component: lazy(() => import("./invoices-screen.tsx")),
    handle: { title: "Invoices", allow: canManageInvoices },
  },
];
