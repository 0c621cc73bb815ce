import type { CalendarFeed, CalendarFeedKind } from "@atelier/shared";
import { Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { toast } from "../../ui/toasts.ts";
import { CreatedSecret } from "./created-secret.tsx";
import { useCalendarFeeds, useCreateCalendarFeed, useRevokeCalendarFeed } from "./use-integrations.ts";

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

const KINDS: Record<CalendarFeedKind, { title: string; description: string }> = {
  deadlines: {
    title: "Deadlines",
    description: "Tasks with a deadline in the projects you see, one all-day event each.",
  },
  schedule: { title: "Schedule", description: "Open tasks of the designers you see, over the days they take." },
};

/** Settings: secret calendar addresses to subscribe to from any calendar app. */
export function CalendarSection() {
  const feeds = useCalendarFeeds();
  const create = useCreateCalendarFeed();
  const [address, setAddress] = useState<{ kind: CalendarFeedKind; url: string } | null>(null);
  const [turningOff, setTurningOff] = useState<CalendarFeedKind | null>(null);
  const byKind = new Map<CalendarFeedKind, CalendarFeed>((feeds.data?.items ?? []).map((feed) => [feed.kind, feed]));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-calendar">
      <Title order={2} size="h4" id="settings-calendar" mb={4}>
        Calendar
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Subscribe from Google Calendar, Outlook or Apple Calendar with a secret address. Anyone with the address can
        read the calendar: make a new one if it leaks.
      </Text>
      {feeds.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Loading your calendars…</Text>
        </Group>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Calendar feeds">
          {(feeds.data?.available ?? []).map((kind) => {
            const feed = byKind.get(kind);
            return (
              <Stack component="li" key={kind} gap="xs">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={500}>{KINDS[kind].title}</Text>
                    <Text size="sm" c="gray.7">
                      {KINDS[kind].description}{" "}
                      {feed
                        ? feed.lastUsedAt
                          ? `Last read ${timeFormat.format(feed.lastUsedAt)}.`
                          : "Not read yet."
                        : "Not subscribed."}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Button
                      size="compact-sm"
                      variant="light"
                      loading={create.isPending && create.variables === kind}
                      aria-label={`${feed ? "New address for" : "Subscribe to"} ${KINDS[kind].title.toLowerCase()}`}
                      onClick={() =>
                        create.mutate(kind, { onSuccess: (answer) => setAddress({ kind, url: answer.url }) })
                      }
                    >
                      {feed ? "New address" : "Subscribe"}
                    </Button>
                    {feed ? (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Turn off ${KINDS[kind].title.toLowerCase()}`}
                        onClick={() => setTurningOff(kind)}
                      >
                        Turn off
                      </Button>
                    ) : null}
                  </Group>
                </Group>
                {address?.kind === kind ? (
                  <CreatedSecret
                    label={`${KINDS[kind].title} calendar address`}
                    value={address.url}
                    note="Add it to your calendar app as a subscription (from URL). It is shown only this once; any older address has stopped working."
                    copyLabel="Copy address"
                    onDone={() => setAddress(null)}
                  />
                ) : null}
              </Stack>
            );
          })}
        </Stack>
      )}
      {turningOff ? <TurnOffDialog kind={turningOff} onClose={() => setTurningOff(null)} /> : null}
    </Card>
  );
}

function TurnOffDialog({ kind, onClose }: { kind: CalendarFeedKind; onClose: () => void }) {
  const revoke = useRevokeCalendarFeed();
  return (
    <ConfirmDialog
      title="Turn off calendar"
      confirmLabel="Turn off"
      isDestructive
      isPending={revoke.isPending}
      onClose={onClose}
      onConfirm={() =>
        revoke.mutate(kind, {
          onSuccess: () => {
            toast.success(`The ${KINDS[kind].title.toLowerCase()} calendar was turned off`);
            onClose();
          },
        })
      }
    >
      Calendar apps subscribed to the {KINDS[kind].title.toLowerCase()} address will stop getting updates.
    </ConfirmDialog>
  );
}
