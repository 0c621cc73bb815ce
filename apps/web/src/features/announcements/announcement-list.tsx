import type { PlatformNotification } from "@atelier/shared";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { toast } from "../../ui/toasts.ts";
import { useAllAnnouncements, useWithdrawAnnouncement } from "./use-announcements.ts";

const published = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/**
 * The admin's list of current announcements (dismissed or not), each withdrawn for everybody
 * after a confirmation: its banner leaves every open screen.
 */
export function AnnouncementList() {
  const { data } = useAllAnnouncements();
  const withdraw = useWithdrawAnnouncement();
  const [withdrawing, setWithdrawing] = useState<PlatformNotification | null>(null);
  const items = data?.items ?? [];
  return (
    <>
      <Title order={3} size="h5" id="current-announcements-title" mt="md" mb="xs">
        Current announcements
      </Title>
      {data && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None at the moment.
        </Text>
      ) : (
        <Stack component="ul" aria-labelledby="current-announcements-title" gap="xs" p={0} m={0}>
          {items.map((item) => (
            <Group component="li" key={item.id} justify="space-between" wrap="nowrap" style={{ listStyle: "none" }}>
              <div style={{ minWidth: 0 }}>
                <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                  {item.message}
                </Text>
                <Text size="xs" c="dimmed">
                  Published {published.format(item.createdAt)}
                </Text>
              </div>
              <Button variant="subtle" color="red" size="xs" onClick={() => setWithdrawing(item)}>
                Withdraw
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {withdrawing ? (
        <ConfirmDialog
          title="Withdraw announcement"
          confirmLabel="Withdraw"
          isDestructive
          isPending={withdraw.isPending}
          onClose={() => setWithdrawing(null)}
          onConfirm={() =>
            withdraw.mutate(withdrawing.id, {
              onSuccess: () => {
                toast.success("Announcement withdrawn");
                setWithdrawing(null);
              },
            })
          }
        >
          {`"${withdrawing.message}" goes from everyone's screens, also for those who have not read it yet.`}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
