import type { PaymentOrder } from "@atelier/shared";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { toast } from "../../ui/toasts.ts";
import { formatDateTime, orderAmount } from "./plan-format.ts";
import { useCancelOrder } from "./use-billing.ts";

/**
 * The project's open order (there is at most one): what it is for and, for who may pay, a way to
 * withdraw it, asked once more before it goes (a paid order must not be cancelled by a slip).
 */
export function OpenOrderNotice({ order, canCancel }: { order: PaymentOrder; canCancel: boolean }) {
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  return (
    <Alert color="blue" variant="light" title={`Awaiting payment: ${order.reference}`}>
      <Stack gap="xs">
        <Text size="sm">
          {orderAmount(order)} by {order.method === "BTC" ? "bitcoin" : "bank transfer"}, ordered{" "}
          {formatDateTime(order.createdAt)}. A new order can be made once this one is paid or cancelled.
        </Text>
        {canCancel && !asking ? (
          <Group>
            <Button size="xs" variant="default" onClick={() => setAsking(true)}>
              Cancel order {order.reference}
            </Button>
          </Group>
        ) : null}
        {canCancel && asking ? (
          <Stack gap="xs" role="group" aria-label="Cancel the order?">
            <Text size="sm" fw={600}>
              Cancel order {order.reference}? Do not cancel it if you have already paid.
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => setAsking(false)} data-autofocus>
                Keep it
              </Button>
              <Button
                size="xs"
                color="red"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(order.id, {
                    onSuccess: () => {
                      toast.success(`Order ${order.reference} cancelled`);
                      setAsking(false);
                    },
                  })
                }
              >
                Yes, cancel it
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The project's latest order when an admin rejected it: the reason, in the admin's words. */
export function RejectedOrderNotice({ order }: { order: PaymentOrder }) {
  return (
    <Alert color="red" variant="light" title={`Payment order ${order.reference} was rejected`}>
      <Text size="sm">
        Reason: <strong>{order.rejectionReason}</strong>
      </Text>
      <Text size="sm" mt={4}>
        {order.rejectedAt ? `Rejected ${formatDateTime(order.rejectedAt)}. ` : ""}
        No payment is due for it; order again when you are ready.
      </Text>
    </Alert>
  );
}
