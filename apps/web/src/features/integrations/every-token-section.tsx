import type { AdminApiToken } from "@atelier/shared";
import { Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { RevokeTokenDialog } from "./api-tokens-section.tsx";
import { useEveryApiToken } from "./use-integrations.ts";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

/** Settings (admin): everyone's live tokens, the newest 50, each revocable. */
export function EveryTokenSection() {
  const tokens = useEveryApiToken(true);
  const [revoking, setRevoking] = useState<AdminApiToken | null>(null);
  const items = tokens.data?.items ?? [];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-every-token">
      <Title order={2} size="h4" id="settings-every-token" mb="md">
        Everyone's API tokens
      </Title>
      {tokens.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading tokens…</Text>
        </Group>
      ) : items.length === 0 ? (
        <Text size="sm" c="gray.7">
          Nobody has an API token.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Everyone's API tokens">
          {items.map((token) => (
            <Group component="li" key={token.id} justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={500}>
                  {token.name} · {token.owner.name} {token.owner.surname}
                </Text>
                <Text size="sm" c="gray.7">
                  {token.owner.email} · {token.scope} · expires {dateFormat.format(token.expiresAt)}
                </Text>
              </Stack>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Revoke ${token.name} of ${token.owner.name} ${token.owner.surname}`}
                onClick={() => setRevoking(token)}
              >
                Revoke
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {revoking ? <RevokeTokenDialog token={revoking} asAdmin onClose={() => setRevoking(null)} /> : null}
    </Card>
  );
}
