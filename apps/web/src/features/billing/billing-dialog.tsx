import {
  type BillingPeriod,
  type BillingSummary,
  type CardPlanCode,
  DEFAULT_BILLING_PERIOD,
  formatUsd,
  isOrderPlanCode,
  PAY_AS_YOU_GO_CENTS_PER_HOUR,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentOrder,
  type Project,
  PUBLIC_PLANS,
  publicPlanOf,
  TOP_UP_HOUR_CHOICES,
  topUpPriceCents,
  updateProjectDataSchema,
} from "@atelier/shared";
import { Alert, Badge, Button, Group, Radio, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { AppDialog } from "../../ui/app-dialog.tsx";
import { BillingFields } from "../../ui/form/billing-fields.tsx";
import { type BillingValues, billingPayload, billingValuesOf } from "../../ui/form/billing-values.ts";
import { applyServerErrors, schemaErrors } from "../../ui/form/schema-errors.ts";
import type { ModalControls } from "../../ui/modal-store.ts";
import { OpenOrderNotice } from "./order-notices.tsx";
import { PaymentOrderView } from "./payment-order-view.tsx";
import { METHOD_DESCRIPTIONS, monthlyPrice, PERIOD_OPTIONS } from "./plan-format.ts";
import {
  useBillingSummary,
  useCreateOrder,
  useProjectDetails,
  useSaveBillingDetails,
  useStartCardCheckout,
  useStartCardTopUp,
} from "./use-billing.ts";

declare module "../../ui/modal-store.ts" {
  interface ModalRegistry {
    /** SPEC §2 "project top-up or payment plan": the billing dialog of SPEC §4, steps 0–3. */
    projectPayment: { projectId: string; purpose: "plan" | "topUp"; paymentPlan?: CardPlanCode };
  }
}

type Step = 0 | 1 | 2 | 3;
const STEP_TITLES: Record<Step, string> = {
  0: "Payment method",
  1: "Billing details",
  2: "Plan",
  3: "Payment order",
};

function MethodStep({ summary, onChoose }: { summary: BillingSummary; onChoose: (method: PaymentMethod) => void }) {
  return (
    <Stack gap="sm">
      {PAYMENT_METHODS.map((method) => {
        const available = summary.paymentMethods[method];
        return (
          // On a phone the button moves under its description rather than cut its label ("Pay by Cre").
          <Group key={method} justify="space-between" wrap="wrap" gap="sm">
            <div style={{ flex: "1 1 220px" }}>
              <Text fw={500}>{PAYMENT_METHOD_LABELS[method]}</Text>
              <Text size="sm" c="gray.7">
                {available ? METHOD_DESCRIPTIONS[method] : "Unavailable: this payment method is not set up."}
              </Text>
            </div>
            <Button variant="default" disabled={!available} onClick={() => onChoose(method)} style={{ flexShrink: 0 }}>
              Pay by {PAYMENT_METHOD_LABELS[method]}
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}

/** Step 1: SPEC §5's billing validation; continue saves the details (back is disabled). */
function DetailsStep({ project, onSaved }: { project: Project; onSaved: () => void }) {
  const save = useSaveBillingDetails();
  const form = useForm<BillingValues>({
    initialValues: billingValuesOf(project),
    validate: (values) => schemaErrors(updateProjectDataSchema, { id: project.id, ...billingPayload(values) }),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: project.id, ...billingPayload(values) },
      { onSuccess: onSaved, onError: applyServerErrors(form) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BillingFields
          values={form.values}
          getInputProps={(path) => form.getInputProps(path)}
          setCustomerType={(type) => form.setFieldValue("customerType", type)}
          setCountry={(code) => form.setFieldValue("country", code)}
        />
        <Group justify="space-between">
          <Button variant="default" disabled>
            Back
          </Button>
          <Button type="submit" loading={save.isPending}>
            Continue
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface PlanChoice {
  period: BillingPeriod;
  /** a public plan id, or FLEXIBLE */
  planId: string | null;
}

function codeFor(choice: PlanChoice): CardPlanCode | null {
  if (choice.planId === "FLEXIBLE") return "PAY_AS_YOU_GO";
  const plan = PUBLIC_PLANS.find((candidate) => candidate.id === choice.planId);
  return plan ? plan.codes[choice.period] : null;
}

/** Step 2: the period (yearly by default, 2 months free) and the plan, priced per month. */
function PlanStep({
  method,
  initial,
  isPending,
  onBack,
  onSubmit,
}: {
  method: PaymentMethod;
  initial: CardPlanCode | undefined;
  isPending: boolean;
  onBack: () => void;
  onSubmit: (code: CardPlanCode) => void;
}) {
  const preset = initial && initial !== "PAY_AS_YOU_GO" ? publicPlanOf(initial) : null;
  const [choice, setChoice] = useState<PlanChoice>({
    period: preset?.period ?? DEFAULT_BILLING_PERIOD,
    planId: initial === "PAY_AS_YOU_GO" ? "FLEXIBLE" : (preset?.plan.id ?? null),
  });
  const code = codeFor(choice);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Billing period"
        value={choice.period}
        onChange={(value) => setChoice({ ...choice, period: value as BillingPeriod })}
        data={PERIOD_OPTIONS}
      />
      <Radio.Group
        label="Plan"
        value={choice.planId ?? ""}
        onChange={(value) => setChoice({ ...choice, planId: value })}
      >
        <Stack gap="xs" mt="xs">
          {PUBLIC_PLANS.map((plan) => (
            <Radio.Card key={plan.id} value={plan.id} p="sm" radius="md" aria-label={`${plan.name} plan`}>
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Group gap="xs">
                    <Text fw={600}>{plan.name}</Text>
                    <Text size="sm">{monthlyPrice(plan, choice.period)}</Text>
                  </Group>
                  <Text size="sm" c="gray.7">
                    {plan.description}
                  </Text>
                  <Group gap={4} mt={4}>
                    {plan.badges.map((badge) => (
                      <Badge key={badge} variant="light" size="sm">
                        {badge}
                      </Badge>
                    ))}
                  </Group>
                </div>
              </Group>
            </Radio.Card>
          ))}
          {method === "CARD" ? (
            <Radio.Card value="FLEXIBLE" p="sm" radius="md" aria-label="Flexible plan">
              <Group wrap="nowrap" align="flex-start">
                <Radio.Indicator />
                <div>
                  <Group gap="xs">
                    <Text fw={600}>Flexible</Text>
                    <Text size="sm">{formatUsd(PAY_AS_YOU_GO_CENTS_PER_HOUR)} / hour</Text>
                  </Group>
                  <Text size="sm" c="gray.7">
                    Your card is saved and charged for the hours worked.
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ) : null}
        </Stack>
      </Radio.Group>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button disabled={!code} loading={isPending} onClick={() => code && onSubmit(code)}>
          {method === "CARD" ? "Continue to payment" : "Create payment order"}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 2 of a top-up: how many extra hours, priced at the plan's hourly rate. */
function HoursStep({
  summary,
  isPending,
  onBack,
  onSubmit,
}: {
  summary: BillingSummary;
  isPending: boolean;
  onBack: () => void;
  onSubmit: (hours: number) => void;
}) {
  const [hours, setHours] = useState<string>(String(TOP_UP_HOUR_CHOICES[1]));
  return (
    <Stack gap="md">
      <Radio.Group label="Extra hours for the current period" value={hours} onChange={setHours}>
        <Stack gap="xs" mt="xs">
          {TOP_UP_HOUR_CHOICES.map((choice) => (
            <Radio
              key={choice}
              value={String(choice)}
              label={`${choice} hours · ${formatUsd(topUpPriceCents(summary.paymentPlan, choice) ?? 0)}`}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button loading={isPending} onClick={() => onSubmit(Number(hours))}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}

function DialogBody({
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
              {
                onSuccess: (created) => {
                  setOrder(created);
                  setStep(3);
                },
              },
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
              {
                onSuccess: (created) => {
                  setOrder(created);
                  setStep(3);
                },
              },
            );
          }}
        />
      ) : null}
      {step === 3 && order ? (
        <>
          <PaymentOrderView order={order} />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(1)}>
              Back
            </Button>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
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
        <DialogBody
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
