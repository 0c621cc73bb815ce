import { Button, Card, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { errorText } from "../../ui/form/schema-errors.ts";
import { toast } from "../../ui/toasts.ts";
import { useConnectPortfolio, useDisconnectPortfolio, usePortfolioStatus } from "./use-privacy.ts";

/** Settings (designers): connect the portfolio service account whose shots the team sees. */
export function PortfolioSection() {
  const status = usePortfolioStatus(true);
  const connect = useConnectPortfolio();
  const disconnect = useDisconnectPortfolio();
  const form = useForm({ initialValues: { token: "" } });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-portfolio">
      <Title order={2} size="h4" id="settings-portfolio" mb={4}>
        Portfolio
      </Title>
      {status.data?.connected ? (
        <Group justify="space-between">
          <Text size="sm">Your portfolio is connected: your latest shots show on your profile.</Text>
          <Button variant="default" loading={disconnect.isPending} onClick={() => disconnect.mutate()}>
            Disconnect
          </Button>
        </Group>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            connect.mutate(values.token, {
              onSuccess: () => {
                form.reset();
                toast.success("Your portfolio is connected");
              },
            }),
          )}
        >
          <Stack gap="sm" maw={420}>
            <Text size="sm" c="gray.7">
              Paste an access token of your portfolio account. It is stored encrypted and only used to read your shots.
            </Text>
            <PasswordInput
              label="Access token"
              autoComplete="off"
              {...form.getInputProps("token")}
              error={connect.isError ? errorText(connect.error, "Unable to connect. Try again later!") : undefined}
            />
            <Group>
              <Button type="submit" loading={connect.isPending}>
                Connect
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
