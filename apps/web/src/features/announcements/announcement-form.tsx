import { createPlatformNotificationSchema, PLATFORM_NOTIFICATION_MAX_LENGTH } from "@atelier/shared";
import { Button, Group, Paper, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { schemaErrors } from "../../ui/form/schema-errors.ts";
import { toast } from "../../ui/toasts.ts";
import { AnnouncementList } from "./announcement-list.tsx";
import { usePublishAnnouncement } from "./use-announcements.ts";

/**
 * The admin's small form on the Users screen: one announcement to everyone, shown as a banner;
 * below it the current ones, to withdraw.
 */
export default function AnnouncementForm() {
  const form = useForm({
    initialValues: { message: "" },
    validate: (values) => schemaErrors(createPlatformNotificationSchema, values),
  });
  const publish = usePublishAnnouncement();

  // The schema trims the text: the announcement is sent as it parses.
  const submit = form.onSubmit((values) =>
    publish.mutate(createPlatformNotificationSchema.parse(values), {
      onSuccess: () => {
        form.reset();
        toast.success("Announcement published");
      },
    }),
  );

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
          {...form.getInputProps("message")}
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
