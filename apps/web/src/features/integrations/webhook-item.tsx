import { WEBHOOK_EVENT_LABELS, type Webhook } from "@atelier/shared";
import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { toast } from "../../ui/toasts.ts";
import { useRemoveWebhook, useSendTestMessage, useUpdateWebhook } from "./use-webhooks.ts";
import { DeliveryLog } from "./webhook-deliveries.tsx";

/** One webhook: its URL, events and state, with send test, the delivery log, pause or resume, delete. */
export function WebhookItem({ webhook, projectId }: { webhook: Webhook; projectId: string | null }) {
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState<"pause" | "remove" | null>(null);
  const sendTest = useSendTestMessage();
  const update = useUpdateWebhook(projectId);
  const remove = useRemoveWebhook(projectId);
  const isActive = webhook.state === "active";
  return (
    <Stack component="li" gap={6} aria-label={webhook.url}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={500} style={{ overflowWrap: "anywhere" }}>
              {webhook.url}
            </Text>
            <WebhookStateBadge state={webhook.state} />
          </Group>
          <Text size="sm" c="gray.7">
            {webhook.description ? `${webhook.description} · ` : ""}
            {webhook.eventTypes.map((type) => WEBHOOK_EVENT_LABELS[type]).join(", ")}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            disabled={!isActive}
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(webhook.id, {
                onSuccess: () => {
                  setShowLog(true);
                  toast.success("Test message queued");
                },
              })
            }
          >
            Send test
          </Button>
          <Button size="compact-sm" variant="subtle" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
            {showLog ? "Hide deliveries" : "Deliveries"}
          </Button>
          {isActive ? (
            <Button size="compact-sm" variant="subtle" onClick={() => setConfirming("pause")}>
              Pause
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={update.isPending}
              onClick={() => update.mutate({ id: webhook.id, body: { paused: false } })}
            >
              Turn on
            </Button>
          )}
          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming("remove")}>
            Delete
          </Button>
        </Group>
      </Group>
      {showLog ? <DeliveryLog webhookId={webhook.id} /> : null}
      {confirming === "pause" ? (
        <ConfirmDialog
          title="Pause webhook"
          confirmLabel="Pause"
          isPending={update.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            update.mutate({ id: webhook.id, body: { paused: true } }, { onSuccess: () => setConfirming(null) })
          }
        >
          Nothing is sent to {webhook.url} while it is paused, and deliveries still waiting are given up.
        </ConfirmDialog>
      ) : null}
      {confirming === "remove" ? (
        <ConfirmDialog
          title="Delete webhook"
          confirmLabel="Delete"
          isDestructive
          isPending={remove.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            remove.mutate(webhook.id, {
              onSuccess: () => {
                toast.success("Webhook deleted");
                setConfirming(null);
              },
            })
          }
        >
          {webhook.url} gets no more messages, and its delivery log is deleted. This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}

function WebhookStateBadge({ state }: { state: Webhook["state"] }) {
  const look = { active: ["teal", "Active"], paused: ["gray", "Paused"], disabled: ["red", "Turned off"] } as const;
  const [color, label] = look[state];
  return (
    <Badge size="sm" variant="light" tt="none" color={color}>
      {label}
    </Badge>
  );
}
