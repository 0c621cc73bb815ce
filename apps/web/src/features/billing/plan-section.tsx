import {
  ADMIN_PLAN_CODES,
  type BillingPeriod,
  type BillingSummary,
  DEFAULT_BILLING_PERIOD,
  describePlan,
  formatUsd,
  MESSAGES,
  type PaymentPlan,
  PUBLIC_PLANS,
  type PublicPlanId,
} from "@atelier/shared";
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Suspense } from "react";
import { openModal } from "../../ui/modal-store.ts";
import { toast } from "../../ui/toasts.ts";
import { ProjectInvoicesSection } from "../invoices/index.ts";
import { OpenOrderNotice, RejectedOrderNotice } from "./order-notices.tsx";
import { formatDate, monthlyPrice, PERIOD_OPTIONS } from "./plan-format.ts";
import { useBillingSummary, useCancelSubscription, useManualSetupPlan, useOpenBillingPortal } from "./use-billing.ts";

const PLAN_LABEL: Record<PaymentPlan, string> = Object.fromEntries(
  ADMIN_PLAN_CODES.map((code) => {
    const plan = describePlan(code);
    const label =
      code === "none" ? "No plan" : `${plan.name}${plan.period ? ` (${plan.period.toLowerCase()})` : " (legacy)"}`;
    return [code, label];
  }),
) as Record<PaymentPlan, string>;

function dateInputValue(seconds: number | null): string {
  return seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : "";
}

/** The end of the chosen day in UTC (SPEC §5's deadline rule), as epoch seconds. */
function endOfDaySeconds(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return Math.floor(Date.parse(`${value}T23:59:59Z`) / 1000);
}

/**
 * The admin's plan by hand (SPEC §7 manual-setup-payment-plan, §9 codes). SPEC §5: the change
 * button is disabled with no plan or nothing changed; the plan selector is disabled while the
 * chosen period end is past (pick a date ahead first).
 */
function ManualPlanForm({ summary }: { summary: BillingSummary }) {
  const setup = useManualSetupPlan();
  const form = useForm<{ plan: string | null; date: string }>({
    initialValues: { plan: summary.paymentPlan, date: dateInputValue(summary.periodEnd) },
  });
  const { plan, date } = form.values;
  const end = endOfDaySeconds(date);
  const isPast = end !== null && end * 1000 <= Date.now();
  const unchanged = plan === summary.paymentPlan && (plan === "none" || end === summary.periodEnd);
  const needsDate = plan !== "none" && (end === null || isPast);
  return (
    <Stack gap="xs" component="section" aria-label="Set the plan by hand">
      <Text fw={500} size="sm">
        Set the plan by hand (admin)
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label="Period ends"
          {...form.getInputProps("date")}
          error={isPast ? "The period end must be in the future" : undefined}
        />
        <Select
          label="Plan code"
          data={ADMIN_PLAN_CODES.map((code) => ({ value: code, label: PLAN_LABEL[code] }))}
          value={plan}
          onChange={(value) => form.setFieldValue("plan", value)}
          disabled={isPast}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          disabled={!plan || unchanged || needsDate}
          loading={setup.isPending}
          onClick={() => {
            if (!plan) return;
            setup.mutate(
              {
                projectId: summary.projectId,
                plan: {
                  paymentPlan: plan as (typeof ADMIN_PLAN_CODES)[number],
                  paymentPlanCurrentPeriodEnd: plan === "none" ? null : end,
                },
              },
              { onSuccess: () => toast.success(MESSAGES.projectPlanUpdated) },
            );
          }}
        >
          Change plan
        </Button>
      </Group>
    </Stack>
  );
}

/** With no plan: the period (yearly by default) and a plan, then the billing dialog. */
function ChoosePlan({ projectId }: { projectId: string }) {
  const form = useForm<{ period: BillingPeriod; planId: string | null }>({
    initialValues: { period: DEFAULT_BILLING_PERIOD, planId: null },
  });
  const { period, planId } = form.values;
  const plan = PUBLIC_PLANS.find((candidate) => candidate.id === (planId as PublicPlanId));
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Billing period"
        value={period}
        onChange={(value) => form.setFieldValue("period", value as BillingPeriod)}
        data={PERIOD_OPTIONS}
      />
      <Group align="flex-end" gap="sm">
        <Select
          label="Plan"
          placeholder="Choose a plan"
          data={PUBLIC_PLANS.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.name} · ${monthlyPrice(candidate, period)}`,
          }))}
          value={planId}
          onChange={(value) => form.setFieldValue("planId", value)}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          disabled={!plan}
          onClick={() =>
            plan && openModal("projectPayment", { projectId, purpose: "plan", paymentPlan: plan.codes[period] })
          }
        >
          Choose plan
        </Button>
      </Group>
    </Stack>
  );
}

function Costs({ summary }: { summary: BillingSummary }) {
  const costs = summary.costs;
  if (!costs) return null;
  const parts: string[] = [];
  if (costs.pricePerMonthCents !== null) parts.push(`${formatUsd(costs.pricePerMonthCents)} / month`);
  if (costs.hourlyRateCents !== null) parts.push(`${formatUsd(costs.hourlyRateCents)} / hour`);
  if (costs.hoursPerMonth !== null) parts.push(`${costs.hoursPerMonth} hours a month`);
  if (costs.topUpHours > 0) parts.push(`${costs.topUpHours} extra hours this period`);
  return (
    <>
      {parts.length > 0 ? <Text size="sm">{parts.join(" · ")}</Text> : null}
      {costs.balanceHours !== null ? (
        <Text size="sm">
          Balance: <strong>{costs.balanceHours} hours</strong> left this period
        </Text>
      ) : null}
    </>
  );
}

function PlanActions({ summary }: { summary: BillingSummary }) {
  const portal = useOpenBillingPortal();
  const cancel = useCancelSubscription();
  const { projectId } = summary;
  if (summary.paymentPlan === "none") return <ChoosePlan projectId={projectId} />;
  if (summary.paymentPlan === "PAY_AS_YOU_GO") {
    return (
      <Group>
        <Button
          variant="default"
          color="red"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(projectId, { onSuccess: () => toast.success(MESSAGES.subscriptionCanceled) })}
        >
          Cancel plan
        </Button>
      </Group>
    );
  }
  const hasHours = describePlan(summary.paymentPlan).hoursPerMonth !== null && !summary.isPeriodOver;
  return (
    <Group gap="sm">
      {summary.activeStripeSubscription ? (
        <Button variant="default" loading={portal.isPending} onClick={() => portal.mutate(projectId)}>
          Change billing
        </Button>
      ) : (
        <Button variant="default" onClick={() => openModal("projectPayment", { projectId, purpose: "plan" })}>
          Renew or change plan
        </Button>
      )}
      {summary.abilities.canTopUp && hasHours && summary.periodEnd ? (
        <Button variant="default" onClick={() => openModal("projectPayment", { projectId, purpose: "topUp" })}>
          Top up hours
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * Project settings' plan section (SPEC §4, §5): the plan with its period end; costs and the
 * balance for owner, editor and staff; paying, changing and cancelling for owner and staff; the
 * plan by hand for admins.
 */
export function ProjectPlanSection({ projectId }: { projectId: string }) {
  const summary = useBillingSummary(projectId);
  if (!summary.data) return null;
  const data = summary.data;
  const periodEnd = data.periodEnd ? formatDate(data.periodEnd * 1000) : null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Subscription plan
      </Title>
      <Text size="sm">
        Current plan: <strong>{data.planName}</strong>
        {data.period ? ` (${data.period === "YEARLY" ? "yearly" : "monthly"})` : ""}
        {periodEnd ? ` · ${data.isPeriodOver ? "ended" : "current period ends"} ${periodEnd}` : ""}
      </Text>
      <Costs summary={data} />
      {data.rejectedOrder ? <RejectedOrderNotice order={data.rejectedOrder} /> : null}
      {data.openOrders.map((order) => (
        <OpenOrderNotice key={order.id} order={order} canCancel={data.abilities.canPay} />
      ))}
      {data.abilities.canPay ? <PlanActions summary={data} /> : null}
      {data.abilities.canSetPlanByHand && !data.activeStripeSubscription ? <ManualPlanForm summary={data} /> : null}
      {data.abilities.canSeeInvoices ? (
        <Suspense fallback={null}>
          <ProjectInvoicesSection projectId={projectId} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
