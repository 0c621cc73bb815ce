import {
  type BillingPeriod,
  type CardPlanCode,
  DEFAULT_BILLING_PERIOD,
  formatUsd,
  PAY_AS_YOU_GO_CENTS_PER_HOUR,
  type PaymentMethod,
  PUBLIC_PLANS,
  publicPlanOf,
} from "@atelier/shared";
import { Badge, Button, Group, Radio, SegmentedControl, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { monthlyPrice, PERIOD_OPTIONS } from "./plan-format.ts";

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
export function PlanStep({
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
  const form = useForm<PlanChoice>({
    initialValues: {
      period: preset?.period ?? DEFAULT_BILLING_PERIOD,
      planId: initial === "PAY_AS_YOU_GO" ? "FLEXIBLE" : (preset?.plan.id ?? null),
    },
  });
  const choice = form.values;
  const code = codeFor(choice);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Billing period"
        value={choice.period}
        onChange={(value) => form.setFieldValue("period", value as BillingPeriod)}
        data={PERIOD_OPTIONS}
      />
      <Radio.Group label="Plan" value={choice.planId ?? ""} onChange={(value) => form.setFieldValue("planId", value)}>
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
