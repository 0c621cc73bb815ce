import {
  type BillingSummary,
  type CardPlanCode,
  isOrderPlanCode,
  type PaymentMethod,
  type PaymentOrder,
  type Project,
} from "@atelier/shared";
import { Stack, Title } from "@mantine/core";
import { useState } from "react";
import { DetailsStep } from "./billing-details-step.tsx";
import { HoursStep } from "./billing-hours-step.tsx";
import { MethodStep } from "./billing-method-step.tsx";
import { OrderStep } from "./billing-order-step.tsx";
import { PlanStep } from "./billing-plan-step.tsx";
import { OpenOrderNotice } from "./order-notices.tsx";
import { useCreateOrder, useStartCardCheckout, useStartCardTopUp } from "./use-billing.ts";

type Step = 0 | 1 | 2 | 3;
const STEP_TITLES: Record<Step, string> = {
  0: "Payment method",
  1: "Billing details",
  2: "Plan",
  3: "Payment order",
};

/** The billing dialog's steps, in order; a card goes to Stripe from step 2, an order shows in step 3. */
export function BillingFlow({
  project,
  summary,
  purpose,
  paymentPlan,
  onClose,
}: {
  project: Project;
  summary: BillingSummary;
  purpose: "plan" | "topUp";
  paymentPlan: CardPlanCode | undefined;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>(0);
  const [method, setMethod] = useState<PaymentMethod>("CARD");
  const [order, setOrder] = useState<PaymentOrder | null>(null);
  const checkout = useStartCardCheckout();
  const cardTopUp = useStartCardTopUp();
  const createOrder = useCreateOrder();
  const showOrder = (created: PaymentOrder) => {
    setOrder(created);
    setStep(3);
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h5" aria-live="polite">
        Step {step + 1} of 4: {STEP_TITLES[step]}
      </Title>
      {/* One open order per project: while one waits, say so at every step but the order's own. */}
      {step !== 3 && summary.openOrders[0] ? (
        <OpenOrderNotice order={summary.openOrders[0]} canCancel={summary.abilities.canPay} />
      ) : null}
      {step === 0 ? (
        <MethodStep
          summary={summary}
          onChoose={(chosen) => {
            setMethod(chosen);
            setStep(1);
          }}
        />
      ) : null}
      {step === 1 ? <DetailsStep project={project} onSaved={() => setStep(2)} /> : null}
      {step === 2 && purpose === "plan" ? (
        <PlanStep
          method={method}
          initial={paymentPlan}
          isPending={checkout.isPending || createOrder.isPending}
          onBack={() => setStep(1)}
          onSubmit={(code) => {
            if (method === "CARD") {
              checkout.mutate({ projectId: project.id, paymentPlan: code });
              return;
            }
            if (!isOrderPlanCode(code)) return;
            createOrder.mutate(
              { projectId: project.id, order: { method, kind: "PLAN", paymentPlan: code } },
              { onSuccess: showOrder },
            );
          }}
        />
      ) : null}
      {step === 2 && purpose === "topUp" ? (
        <HoursStep
          summary={summary}
          isPending={cardTopUp.isPending || createOrder.isPending}
          onBack={() => setStep(1)}
          onSubmit={(hours) => {
            if (method === "CARD") {
              cardTopUp.mutate({ projectId: project.id, hours });
              return;
            }
            createOrder.mutate(
              { projectId: project.id, order: { method, kind: "TOP_UP", hours } },
              { onSuccess: showOrder },
            );
          }}
        />
      ) : null}
      {step === 3 && order ? <OrderStep order={order} onBack={() => setStep(1)} onDone={onClose} /> : null}
    </Stack>
  );
}
