import { type BillingSummary, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "@atelier/shared";
import { Button, Group, Stack, Text } from "@mantine/core";
import { METHOD_DESCRIPTIONS } from "./plan-format.ts";

/** Step 0: the payment methods, those not set up on this server disabled. */
export function MethodStep({
  summary,
  onChoose,
}: {
  summary: BillingSummary;
  onChoose: (method: PaymentMethod) => void;
}) {
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
