import type { WebhookDelivery } from "@atelier/shared";
import { Badge, Button, Group, Loader, Table, Text, VisuallyHidden } from "@mantine/core";
import { useRedeliver, useWebhookDeliveries } from "./use-webhooks.ts";

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium" });
const STATE_LOOK = {
  pending: ["blue", "Trying"],
  succeeded: ["teal", "Delivered"],
  failed: ["red", "Failed"],
} as const;

/** A webhook's newest deliveries: event, outcome, receiver's status, time and duration; redeliver any. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const deliveries = useWebhookDeliveries(webhookId);
  const redeliver = useRedeliver();
  if (deliveries.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Loading deliveries…</Text>
      </Group>
    );
  }
  const items = deliveries.data?.items ?? [];
  if (items.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Nothing delivered yet. Send a test to see it here.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped fz="sm" verticalSpacing={4}>
        <Table.Caption>Deliveries, newest first</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((delivery: WebhookDelivery) => {
            const [color, label] = STATE_LOOK[delivery.state];
            return (
              <Table.Tr key={delivery.id}>
                <Table.Td>{delivery.eventType}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" tt="none" color={color} title={delivery.error ?? undefined}>
                    {label}
                  </Badge>
                  {delivery.error ? (
                    <Text size="xs" c="gray.7">
                      {delivery.error}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{delivery.statusCode ?? "—"}</Table.Td>
                <Table.Td>{timeFormat.format(delivery.lastAttemptAt ?? delivery.createdAt)}</Table.Td>
                <Table.Td>{delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Redeliver ${delivery.eventType} of ${timeFormat.format(delivery.createdAt)}`}
                    loading={redeliver.isPending && redeliver.variables?.deliveryId === delivery.id}
                    onClick={() => redeliver.mutate({ webhookId, deliveryId: delivery.id })}
                  >
                    Redeliver
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
