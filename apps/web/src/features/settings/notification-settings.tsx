import { messagesContract, type NotificationSettings as Settings } from "@atelier/shared";
import { Card, Switch, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { toast } from "../../ui/toasts.ts";

const settingsKey = ["notificationSettings"] as const;

/** The e-mail digest's per-person switch: saved as soon as it is flipped. */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api(messagesContract.settings, {}, { signal }),
  });
  const update = useMutation({
    mutationFn: (body: Settings) => api(messagesContract.updateSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      toast.success(saved.emailDigest ? "E-mail digest turned on" : "E-mail digest turned off");
    },
    meta: { errorMessage: "Could not save the notification setting" },
  });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-notifications">
      <Title order={2} size="h4" id="settings-notifications" mb={4}>
        Notifications
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        While you are away, unread notifications come by e-mail, at most one digest per interval.
      </Text>
      <Switch
        label="E-mail me a digest of unread notifications"
        checked={settings.data?.emailDigest ?? true}
        disabled={settings.isPending || update.isPending}
        onChange={(event) => update.mutate({ emailDigest: event.currentTarget.checked })}
      />
    </Card>
  );
}
