import { canManageOrders } from "@atelier/shared";
import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";
import { registerModal } from "../../ui/modal-store.ts";

// Only what other features mount: lazy or tiny, as the app's entry imports this file for the routes.
export { LEDGER_MIN_HEIGHT } from "./ledger-size.ts";
export { PaymentReturn } from "./payment-return-gate.tsx";
export const ProjectPlanSection = lazy(() =>
  import("./plan-section.tsx").then((module) => ({ default: module.ProjectPlanSection })),
);

export const HoursLedgerSection = lazy(() =>
  import("./ledger-section.tsx").then((module) => ({ default: module.HoursLedgerSection })),
);

registerModal(
  "projectPayment",
  lazy(() => import("./billing-dialog.tsx").then((module) => ({ default: module.BillingDialog }))),
);
registerModal(
  "projectPlan",
  lazy(() => import("./plan-dialog.tsx").then((module) => ({ default: module.ProjectPlanDialog }))),
);

export const billingRoutes: FeatureRoute[] = [
  {
    path: "payments",
    Component: lazy(() => import("./orders-screen.tsx")),
    handle: { title: "Payments", allow: canManageOrders },
  },
];
