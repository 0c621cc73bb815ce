import { createPlatformNotificationSchema, PLATFORM_NOTIFICATION_MAX_LENGTH } from "@atelier/shared";
import { Button, Group, Paper, Textarea, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { toast } from "../../ui/toasts.ts";
import { AnnouncementList } from "./announcement-list.tsx";
import { usePublishAnnouncement } from "./use-announcements.ts";

/**
 * The admin's small form on the Users screen: one announcement to everyone, shown as a banner;
 * below it the current ones, to withdraw.
 */
export default function AnnouncementForm() {
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const publish = usePublishAnnouncement();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createPlatformNotificationSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the announcement");
      return;
    }
    setError(null);
    publish.mutate(parsed.data, {
      onSuccess: () => {
        setMessage("");
        toast.success("Announcement published");
      },
    });
  }

  return (
    <Paper component="section" aria-labelledby="announcement-title" withBorder p="md" mb="lg">
      <form onSubmit={submit} noValidate>
        <Title order={2} size="h4" id="announcement-title" mb="xs">
          Platform announcement
        </Title>
        <Textarea
          label="Announcement"
          description="Everyone sees it as a banner until they dismiss it."
          autosize
          minRows={2}
          maxLength={PLATFORM_NOTIFICATION_MAX_LENGTH}
          value={message}
          error={error}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt="sm">
          <Button type="submit" loading={publish.isPending}>
            Publish announcement
          </Button>
        </Group>
      </form>
      <AnnouncementList />
    </Paper>
  );
}
