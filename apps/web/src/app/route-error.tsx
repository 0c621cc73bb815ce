import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundScreen } from "./not-found.tsx";

/** Last resort for errors thrown while rendering a route: never a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <Center mih="100vh" component="main" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">An unexpected error stopped this page. Reloading usually helps.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Center>
  );
}
