import {
  type CreateWebhookInput,
  createWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type Webhook,
  type WebhookEventType,
} from "@atelier/shared";
import { Button, Card, Group, Loader, MultiSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useId, useState } from "react";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import { CreatedSecret } from "./created-secret.tsx";
import { useCreateWebhook, useWebhooks } from "./use-webhooks.ts";
import { WebhookItem } from "./webhook-item.tsx";

const EVENT_OPTIONS = WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: WEBHOOK_EVENT_LABELS[type] }));

interface WebhookFormValues {
  url: string;
  eventTypes: WebhookEventType[];
  description: string;
}

/**
 * Webhooks: the workspace's (admins: every project's events, `projectId` null) or one project's
 * (its owner). A new webhook's signing secret is shown once; each webhook has its delivery log.
 */
export function WebhooksSection({ projectId }: { projectId: string | null }) {
  const titleId = useId();
  const webhooks = useWebhooks(projectId);
  const create = useCreateWebhook(projectId);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const form = useForm<WebhookFormValues>({
    initialValues: { url: "", eventTypes: ["task.created", "task.statusChanged"], description: "" },
    validate: (values) => schemaErrors(createWebhookSchema, values),
  });
  const items = webhooks.data?.items ?? [];
  if (projectId !== null && webhooks.isError) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb={4}>
        Webhooks
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {projectId === null
          ? "Send every project's events to a URL of yours as they happen."
          : "Send this project's events to a URL of yours as they happen."}{" "}
        Each message is signed (Standard Webhooks) with the webhook's secret; failed deliveries are retried for 24
        hours.
      </Text>
      <Stack gap="md">
        {created ? (
          <CreatedSecret
            label={`Signing secret for ${created.url}`}
            value={created.secret}
            note="Copy it now: it is shown only this once. Your receiver checks each message's signature with it."
            copyLabel="Copy secret"
            onDone={() => setCreated(null)}
          />
        ) : null}
        <form
          aria-label="Add a webhook"
          onSubmit={form.onSubmit((values: CreateWebhookInput) =>
            create.mutate(values, {
              onSuccess: (answer) => {
                setCreated({ url: answer.webhook.url, secret: answer.secret });
                form.reset();
              },
              onError: applyServerErrors(form),
            }),
          )}
        >
          <Stack gap="sm">
            <TextInput
              label="URL"
              placeholder="https://example.com/atelier-events"
              inputMode="url"
              {...form.getInputProps("url")}
            />
            <MultiSelect
              label="Events"
              data={EVENT_OPTIONS}
              searchable
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps("eventTypes")}
            />
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Description (optional)"
                style={{ flex: 1, minWidth: 160 }}
                {...form.getInputProps("description")}
              />
              <Button type="submit" loading={create.isPending}>
                Add webhook
              </Button>
            </Group>
          </Stack>
          <FormAlert message={formAlertText(create.error, "Unable to add the webhook!", Object.keys(form.values))} />
        </form>
        {webhooks.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Loading webhooks…</Text>
          </Group>
        ) : items.length === 0 ? (
          <Text size="sm" c="gray.7">
            No webhooks yet.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Webhooks">
            {items.map((webhook: Webhook) => (
              <WebhookItem key={webhook.id} webhook={webhook} projectId={projectId} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
