import { type PendingInvite, PROJECT_ROLE_LABELS } from "@atelier/shared";
import { Badge, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useRef } from "react";
import { toast } from "../../ui/toasts.ts";
import { formatDate } from "./project-format.ts";
import { usePendingInvites, useResendInvite, useRevokeInvite } from "./use-pending-invites.ts";

function InviteRow({
  projectId,
  invite,
  onRevoked,
}: {
  projectId: string;
  invite: PendingInvite;
  onRevoked: () => void;
}) {
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" py={6}>
      <Stack gap={0} style={{ minWidth: 0, flex: "1 1 200px" }}>
        <Text size="sm" fw={600} truncate="end">
          {invite.email}
        </Text>
        <Text size="xs" c={invite.isExpired ? "red.9" : "gray.7"}>
          {invite.isExpired ? "Expired" : `Expires ${formatDate(invite.expiresAt)}`}
          {invite.invitedBy ? ` · invited by ${invite.invitedBy}` : ""}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="outline" color="gray.7">
          {PROJECT_ROLE_LABELS[invite.role]}
        </Badge>
        <Button
          size="compact-sm"
          variant="light"
          aria-label={`Resend the invite to ${invite.email}`}
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(
              { projectId, invite },
              { onSuccess: () => toast.success(`A new invite link was sent to ${invite.email}`) },
            )
          }
        >
          Resend
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          aria-label={`Revoke the invite to ${invite.email}`}
          loading={revoke.isPending}
          onClick={() =>
            revoke.mutate(
              { projectId, invite },
              {
                onSuccess: () => {
                  toast.success(`The invite to ${invite.email} was revoked`);
                  onRevoked();
                },
              },
            )
          }
        >
          Revoke
        </Button>
      </Group>
    </Group>
  );
}

/** Invites to new addresses not accepted yet, with resend and revoke, for those who may invite. */
export function PendingInvites({ projectId }: { projectId: string }) {
  const invites = usePendingInvites(projectId, true);
  // A revoked row leaves the list: focus moves to the section heading, not to the top of the page.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = invites.data?.pages.flatMap((page) => page.items) ?? [];
  if (invites.isPending || invites.isError) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby={`pending-invites-${projectId}`}>
      <Title order={3} size="h5" id={`pending-invites-${projectId}`} ref={headingRef} tabIndex={-1}>
        Pending invites
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          Nobody is waiting to join.
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Pending invites">
          {items.map((invite) => (
            <InviteRow
              key={invite.id}
              projectId={projectId}
              invite={invite}
              onRevoked={() => headingRef.current?.focus()}
            />
          ))}
        </Stack>
      )}
      {invites.hasNextPage ? (
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ alignSelf: "flex-start" }}
          loading={invites.isFetchingNextPage}
          onClick={() => void invites.fetchNextPage()}
        >
          Show more invites
        </Button>
      ) : null}
    </Stack>
  );
}
