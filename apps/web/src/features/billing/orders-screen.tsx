import {
  formatUsd,
  type PaymentOrder,
  RATE_CURRENCIES,
  type RateCurrency,
  setExchangeRateSchema,
} from "@atelier/shared";
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { applyServerErrors, schemaErrors } from "../../ui/form/schema-errors.ts";
import { Page } from "../../ui/page.tsx";
import { toast } from "../../ui/toasts.ts";
import { formatDateTime, orderAmount } from "./plan-format.ts";
import { RejectOrderDialog } from "./reject-order-dialog.tsx";
import { useConfirmOrder, useExchangeRates, usePaymentOrders, useSetExchangeRate } from "./use-billing.ts";

const RATE_LABELS: Record<RateCurrency, string> = { BTC: "US dollars per bitcoin", EUR: "US dollars per euro" };

function RateForm({ currency }: { currency: RateCurrency }) {
  const rates = useExchangeRates();
  const save = useSetExchangeRate();
  const current = rates.data?.[currency] ?? null;
  const form = useForm({
    initialValues: { usdPerUnit: "" },
    validate: (values) => schemaErrors(setExchangeRateSchema, { currency, usdPerUnit: values.usdPerUnit }),
  });
  return (
    <Paper withBorder p="md" radius="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { currency, usdPerUnit: values.usdPerUnit },
            {
              onSuccess: () => {
                toast.success(`The ${currency} rate was saved`);
                form.reset();
              },
              onError: applyServerErrors(form),
            },
          ),
        )}
      >
        <Stack gap="xs">
          <Text fw={600}>{currency} rate</Text>
          <Text size="sm">
            {current
              ? `$${current.usdPerUnit} per ${currency === "BTC" ? "bitcoin" : "euro"}, set ${formatDateTime(current.setAt)}`
              : "Not set yet: orders in this currency cannot be made."}
          </Text>
          <Group align="flex-start" gap="sm">
            <TextInput label={RATE_LABELS[currency]} inputMode="decimal" {...form.getInputProps("usdPerUnit")} />
            <Button type="submit" variant="default" mt={25} loading={save.isPending}>
              Save rate
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function orderWhat(order: PaymentOrder): string {
  return order.kind === "TOP_UP" ? `${order.hours ?? 0} extra hours` : (order.paymentPlan ?? "").replace(/_/g, " ");
}

/** Admin: the open bank transfer and BTC orders; confirming one sets the plan or adds the hours. */
export default function OrdersScreen() {
  const orders = usePaymentOrders("OPEN");
  const confirm = useConfirmOrder();
  const [confirming, setConfirming] = useState<PaymentOrder | null>(null);
  const [rejecting, setRejecting] = useState<PaymentOrder | null>(null);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title="Payments">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {RATE_CURRENCIES.map((currency) => (
          <RateForm key={currency} currency={currency} />
        ))}
      </SimpleGrid>
      <section aria-labelledby="open-orders-heading">
        <Title order={2} size="h3" id="open-orders-heading" mb="sm">
          Open payment orders
        </Title>
        {items.length === 0 && !orders.isPending ? (
          <EmptyState order={3} title="No open orders" description="Bank transfer and BTC orders appear here." />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped aria-labelledby="open-orders-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Project</Table.Th>
                  <Table.Th>For</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Ordered</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{order.reference}</Table.Td>
                    <Table.Td>{order.projectName}</Table.Td>
                    <Table.Td>{orderWhat(order)}</Table.Td>
                    <Table.Td>
                      {orderAmount(order)} ({formatUsd(order.amountCents)})
                    </Table.Td>
                    <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setConfirming(order)}>
                          Confirm {order.reference}
                        </Button>
                        <Button size="xs" variant="default" color="red" c="red.9" onClick={() => setRejecting(order)}>
                          Reject {order.reference}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {orders.hasNextPage ? (
          <Button
            variant="default"
            mt="sm"
            onClick={() => void orders.fetchNextPage()}
            loading={orders.isFetchingNextPage}
          >
            Show more
          </Button>
        ) : null}
      </section>
      {confirming ? (
        <ConfirmDialog
          title="Confirm payment"
          confirmLabel="Confirm payment"
          isPending={confirm.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            confirm.mutate(confirming.id, {
              onSuccess: () => {
                toast.success(`Payment ${confirming.reference} confirmed`);
                setConfirming(null);
              },
            })
          }
        >
          {`${orderAmount(confirming)} for ${orderWhat(confirming)} on "${confirming.projectName}" arrived with reference ${confirming.reference}.`}
        </ConfirmDialog>
      ) : null}
      {rejecting ? <RejectOrderDialog order={rejecting} onClose={() => setRejecting(null)} /> : null}
    </Page>
  );
}
