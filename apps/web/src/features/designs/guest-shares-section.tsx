import type { GuestShare } from "@atelier/shared";
import { Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { formatDateTime } from "./design-format.ts";
import { GuestShareForm } from "./guest-share-form.tsx";
import { useGuestShares, useRevokeGuestShare } from "./use-guest-shares.ts";

interface SectionProps {
  projectId: string;
  taskId: string;
}

function stateOf(share: GuestShare): { label: string; color: string } {
  if (share.revokedAt !== null) return { label: "Turned off", color: "gray" };
  if (share.expiresAt !== null && share.expiresAt <= Date.now()) return { label: "Expired", color: "gray" };
  return { label: "Active", color: "teal" };
}

/** The task's review links for guests: share a new one, see who used each, turn one off. */
export function GuestSharesSection({ projectId, taskId }: SectionProps) {
  const shares = useGuestShares(projectId, taskId);
  const revoke = useRevokeGuestShare(taskId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<GuestShare | null>(null);
  const items = shares.data?.items ?? [];

  return (
    <Stack gap="xs" role="region" aria-label="Guest review links">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h6">
          Guest review
        </Title>
        {shares.data?.canShare && !creating ? (
          <Button size="compact-sm" variant="light" onClick={() => setCreating(true)}>
            Share for review
          </Button>
        ) : null}
      </Group>
      {creating ? <GuestShareForm projectId={projectId} taskId={taskId} onDone={() => setCreating(false)} /> : null}
      {shares.isPending ? (
        <Skeleton height={40} role="status" aria-label="Loading review links" />
      ) : shares.isError ? (
        <Text size="sm" role="alert">
          The review links could not be loaded.
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="gray.7">
          No review links yet.
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((share) => {
            const state = stateOf(share);
            return (
              <Paper key={share.id} withBorder p="xs" aria-label={`Review link by ${share.createdByName}`}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Stack gap={2}>
                    <Group gap={6}>
                      <Badge color={state.color} variant="light">
                        {state.label}
                      </Badge>
                      {share.hasPassword ? <Badge variant="outline">Password</Badge> : null}
                      {share.allowDecision ? <Badge variant="outline">Can approve</Badge> : null}
                    </Group>
                    <Text size="xs" c="gray.7">
                      By {share.createdByName} on {formatDateTime(share.createdAt)}
                      {share.expiresAt !== null ? ` · expires ${formatDateTime(share.expiresAt)}` : ""}
                    </Text>
                  </Stack>
                  {shares.data.canShare && state.label === "Active" ? (
                    <Button size="compact-sm" variant="subtle" color="red" c="red.9" onClick={() => setRevoking(share)}>
                      Turn off
                    </Button>
                  ) : null}
                </Group>
                {share.guests.length > 0 ? (
                  <List size="xs" mt={4} aria-label="Guests who used it">
                    {share.guests.map((guest) => (
                      <List.Item key={guest.id}>
                        {guest.name} ({guest.email}) · last seen {formatDateTime(guest.lastSeenAt)}
                      </List.Item>
                    ))}
                  </List>
                ) : (
                  <Text size="xs" c="gray.7" mt={4}>
                    Not used yet.
                  </Text>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
      {revoking ? (
        <ConfirmDialog
          title="Turn the review link off?"
          confirmLabel="Turn off"
          isDestructive
          isPending={revoke.isPending}
          onClose={() => setRevoking(null)}
          onConfirm={() => {
            revoke.mutate({ projectId, taskId, shareId: revoking.id }, { onSuccess: () => setRevoking(null) });
          }}
        >
          Guests using it lose access at once. Their comments stay.
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}
