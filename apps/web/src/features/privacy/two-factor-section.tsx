import { Badge, Button, Card, Group, Text, Title } from "@mantine/core";
import { openModal } from "../../ui/modal-store.ts";
import { useTwoFactorStatus } from "./use-privacy.ts";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

/** Settings: two-factor sign-in on or off, with the dialogs that change it. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const data = status.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-two-factor">
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4" id="settings-two-factor">
          Two-factor sign-in
        </Title>
        {data ? (
          <Badge color={data.enabled ? "teal" : "gray"} variant="light" tt="none">
            {data.enabled ? "On" : "Off"}
          </Badge>
        ) : null}
      </Group>
      <Text size="sm" c="gray.7" mb="md">
        {data?.enabled
          ? `Signing in asks for a code from your authenticator app (on since ${dateFormat.format(data.enabledAt ?? 0)}). ${data.recoveryCodesLeft} of 10 recovery codes left.`
          : "Protect your account with a code from an authenticator app, asked after your password."}
      </Text>
      {data?.required && !data.enabled ? (
        <Text size="sm" c="red.9" mb="md" role="status">
          Two-factor sign-in is required for staff accounts. Turn it on now.
        </Text>
      ) : null}
      {data ? (
        data.enabled ? (
          data.required ? null : (
            <Button variant="default" onClick={() => openModal("disableTwoFactor", {})}>
              Turn off
            </Button>
          )
        ) : (
          <Button onClick={() => openModal("enableTwoFactor", {})}>Turn on two-factor sign-in</Button>
        )
      ) : null}
    </Card>
  );
}
