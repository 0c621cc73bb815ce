import { canManageOrders } from "@atelier/shared";
import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";
import { registerModal } from "../../ui/modal-store.ts";

export { PaymentReturn } from "./payment-return.tsx";
export { ProjectPlanSection } from "./plan-section.tsx";

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
