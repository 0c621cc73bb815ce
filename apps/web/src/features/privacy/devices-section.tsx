import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { logout } from "../../lib/session.ts";
import { toast } from "../../ui/toasts.ts";
import { useDevices, useSignOutDevice } from "./use-privacy.ts";

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** Settings: where the person is signed in; any device can be signed out from here. */
export function DevicesSection() {
  const devices = useDevices();
  const signOut = useSignOutDevice();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-devices">
      <Title order={2} size="h4" id="settings-devices" mb={4}>
        Signed-in devices
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        Sign out any device you do not recognise.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Signed-in devices">
        {(devices.data?.items ?? []).map((device) => (
          <Group component="li" key={device.id} justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={500}>{device.browser}</Text>
                {device.current ? (
                  <Badge size="sm" variant="light" color="teal" tt="none">
                    This device
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="gray.7">
                {device.place ?? "Unknown place"} · last seen {timeFormat.format(device.lastSeenAt)}
              </Text>
            </Stack>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              style={{ flexShrink: 0 }}
              aria-label={`Sign out ${device.browser}${device.current ? " (this device)" : ""}`}
              loading={signOut.isPending && signOut.variables === device.id}
              onClick={() => {
                if (device.current) {
                  void logout();
                  return;
                }
                signOut.mutate(device.id, { onSuccess: () => toast.success(`${device.browser} was signed out`) });
              }}
            >
              Sign out
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
