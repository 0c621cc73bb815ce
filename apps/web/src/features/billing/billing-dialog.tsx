import type { CardPlanCode } from "@atelier/shared";
import { Alert, Text } from "@mantine/core";
import { AppDialog } from "../../ui/app-dialog.tsx";
import type { ModalControls } from "../../ui/modal-store.ts";
import { BillingFlow } from "./billing-flow.tsx";
import { useBillingSummary, useProjectDetails } from "./use-billing.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 "project top-up or payment plan": the billing dialog of SPEC §4, steps 0–3. */
    projectPayment: { projectId: string; purpose: "plan" | "topUp"; paymentPlan?: CardPlanCode };
  }
}

/** SPEC §4 billing dialog: step 0 method, 1 billing details, 2 plan (or hours), 3 payment order. */
export function BillingDialog({
  projectId,
  purpose,
  paymentPlan,
  onClose,
}: ModalControls & { projectId: string; purpose: "plan" | "topUp"; paymentPlan?: CardPlanCode }) {
  const project = useProjectDetails(projectId);
  const summary = useBillingSummary(projectId);
  const title = purpose === "topUp" ? "Top up hours" : "Payment plan";
  return (
    <AppDialog title={title} onClose={onClose} size="lg">
      {project.data && summary.data ? (
        <BillingFlow
          project={project.data}
          summary={summary.data}
          purpose={purpose}
          paymentPlan={paymentPlan}
          onClose={onClose}
        />
      ) : project.isError || summary.isError ? (
        <Alert color="red" role="alert">
          The billing details could not be loaded. Close this dialog and try again.
        </Alert>
      ) : (
        <Text role="status">Loading…</Text>
      )}
    </AppDialog>
  );
}
