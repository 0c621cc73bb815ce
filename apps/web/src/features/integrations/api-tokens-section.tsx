import {
  API_TOKEN_EXPIRY_DAYS,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenInput,
  createApiTokenSchema,
} from "@atelier/shared";
import { Badge, Button, Card, Group, Loader, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { FormAlert } from "../../ui/form/form-alert.tsx";
import { applyServerErrors, formAlertText, schemaErrors } from "../../ui/form/schema-errors.ts";
import { toast } from "../../ui/toasts.ts";
import { CreatedSecret } from "./created-secret.tsx";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "./use-integrations.ts";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });
const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

const SCOPE_LABELS: Record<ApiTokenScope, string> = { read: "Read only", write: "Read and write" };
const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_DAYS.map((days) => ({ value: String(days), label: `${days} days` }));

interface TokenFormValues {
  name: string;
  scope: ApiTokenScope;
  expiresInDays: string;
}

function inputOf(values: TokenFormValues): CreateApiTokenInput {
  return {
    name: values.name,
    scope: values.scope,
    expiresInDays: Number(values.expiresInDays) as CreateApiTokenInput["expiresInDays"],
  };
}

/** Settings: personal API tokens for scripts; a new token is shown once, with a copy button. */
export function ApiTokensSection() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const form = useForm<TokenFormValues>({
    initialValues: { name: "", scope: "read", expiresInDays: "30" },
    validate: (values) => schemaErrors(createApiTokenSchema, inputOf(values)),
  });
  const items = tokens.data?.items ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-api-tokens">
      <Title order={2} size="h4" id="settings-api-tokens" mb={4}>
        API tokens
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Let a script call the API as you: send the token as <code>Authorization: Bearer …</code>. A read-only token
        cannot change anything; no token can manage your sign-in, e-mail or password.
      </Text>
      <Stack gap="md">
        {created ? (
          <CreatedSecret
            label={`New token “${created.name}”`}
            value={created.token}
            note="Copy it now: it is shown only this once."
            copyLabel="Copy token"
            onDone={() => setCreated(null)}
          />
        ) : null}
        <form
          aria-label="Create an API token"
          onSubmit={form.onSubmit((values) =>
            create.mutate(inputOf(values), {
              onSuccess: (answer) => {
                setCreated({ name: answer.apiToken.name, token: answer.token });
                form.reset();
              },
              onError: applyServerErrors(form),
            }),
          )}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Token name"
              placeholder="Nightly export"
              style={{ flex: 2, minWidth: 160 }}
              {...form.getInputProps("name")}
            />
            <Select
              label="Access"
              data={(["read", "write"] as const).map((scope) => ({ value: scope, label: SCOPE_LABELS[scope] }))}
              allowDeselect={false}
              style={{ flex: 1, minWidth: 140 }}
              {...form.getInputProps("scope")}
            />
            <Select
              label="Expires in"
              data={EXPIRY_OPTIONS}
              allowDeselect={false}
              style={{ flex: 1, minWidth: 110 }}
              {...form.getInputProps("expiresInDays")}
            />
            <Button type="submit" loading={create.isPending}>
              Create token
            </Button>
          </Group>
          <FormAlert message={formAlertText(create.error, "Unable to create the token!", Object.keys(form.values))} />
        </form>
        {tokens.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">Loading your tokens…</Text>
          </Group>
        ) : items.length === 0 ? (
          <Text size="sm" c="gray.7">
            You have no API tokens.
          </Text>
        ) : (
          <TokenList items={items} onRevoke={setRevoking} />
        )}
      </Stack>
      {revoking ? <RevokeTokenDialog token={revoking} asAdmin={false} onClose={() => setRevoking(null)} /> : null}
    </Card>
  );
}

function TokenList({ items, onRevoke }: { items: ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Your API tokens">
      {items.map((token) => (
        <Group component="li" key={token.id} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={500}>{token.name}</Text>
              <Badge size="sm" variant="light" tt="none" color={token.scope === "write" ? "orange" : "indigo"}>
                {SCOPE_LABELS[token.scope]}
              </Badge>
            </Group>
            <Text size="sm" c="gray.7">
              Expires {dateFormat.format(token.expiresAt)} ·{" "}
              {token.lastUsedAt ? `last used ${timeFormat.format(token.lastUsedAt)}` : "never used"}
            </Text>
          </Stack>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            style={{ flexShrink: 0 }}
            aria-label={`Revoke ${token.name}`}
            onClick={() => onRevoke(token)}
          >
            Revoke
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

export function RevokeTokenDialog({
  token,
  asAdmin,
  onClose,
}: {
  token: ApiToken;
  asAdmin: boolean;
  onClose: () => void;
}) {
  const revoke = useRevokeApiToken();
  return (
    <ConfirmDialog
      title="Revoke API token"
      confirmLabel="Revoke"
      isDestructive
      isPending={revoke.isPending}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(
          { id: token.id, asAdmin },
          {
            onSuccess: () => {
              toast.success(`${token.name} was revoked`);
              onClose();
            },
          },
        )
      }
    >
      Scripts using “{token.name}” will be refused from now on. This cannot be undone.
    </ConfirmDialog>
  );
}
