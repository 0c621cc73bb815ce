import { type BillingSummary, formatUsd, TOP_UP_HOUR_CHOICES, topUpPriceCents } from "@atelier/shared";
import { Button, Group, Radio, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";

/** Step 2 of a top-up: how many extra hours, priced at the plan's hourly rate. */
export function HoursStep({
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
  const form = useForm({ initialValues: { hours: String(TOP_UP_HOUR_CHOICES[1]) } });
  return (
    <Stack gap="md">
      <Radio.Group
        label="Extra hours for the current period"
        value={form.values.hours}
        onChange={(value) => form.setFieldValue("hours", value)}
      >
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
        <Button loading={isPending} onClick={() => onSubmit(Number(form.values.hours))}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
