import type { PaymentOrder } from "@atelier/shared";
import { Button, Group } from "@mantine/core";
import { PaymentOrderView } from "./payment-order-view.tsx";

/** Step 3: the bank transfer or BTC order just created, to pay from outside the app. */
export function OrderStep({ order, onBack, onDone }: { order: PaymentOrder; onBack: () => void; onDone: () => void }) {
  return (
    <>
      <PaymentOrderView order={order} />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onDone}>Done</Button>
      </Group>
    </>
  );
}
