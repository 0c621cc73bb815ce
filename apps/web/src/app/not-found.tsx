import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "../lib/router/index.ts";

export function NotFoundScreen() {
  return (
    <Center mih="100vh" component="main" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Text fw={700} c="indigo.7" fz={48} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Anchor component={Link} to="/">
          Go to the home page
        </Anchor>
      </Stack>
    </Center>
  );
}
