import { Alert, Stack } from "@mantine/core";
import { useAnnouncements, useDismissAnnouncement } from "./use-announcements.ts";

/**
 * Platform announcements above every screen, each dismissible for good (per person, on the server).
 * A note, not an alert: a standing banner is not urgent, and it must not be read out on each screen.
 */
export default function AnnouncementBanners() {
  const { data } = useAnnouncements();
  const dismiss = useDismissAnnouncement();
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack component="section" aria-label="Announcements" gap="xs" mb="md">
      {items.map((item) => (
        <Alert
          key={item.id}
          color="indigo"
          variant="light"
          role="note"
          withCloseButton
          closeButtonLabel="Dismiss announcement"
          onClose={() => dismiss.mutate(item.id)}
        >
          {item.message}
        </Alert>
      ))}
    </Stack>
  );
}
