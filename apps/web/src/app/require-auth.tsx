import { Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useCurrentUser } from "../lib/current-user.ts";
import { Navigate, useLocation } from "../lib/router/index.ts";
import { useToken } from "../lib/session.ts";

/** Signed-in routes: without a token go to login (keeping the deep link); wait for the user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const currentUser = useCurrentUser();

  if (!token) {
    const here = location.pathname + location.search;
    const next = here === "/" ? "" : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/auth/login${next}`} replace />;
  }
  if (currentUser.isPending) {
    return (
      <Center h="100vh" role="status" aria-label="Loading your account">
        <Loader />
      </Center>
    );
  }
  if (currentUser.isError) {
    return (
      <Center h="100vh" component="main">
        <Stack align="center" gap="sm">
          <Title order={1} size="h3">
            We could not load your account
          </Title>
          <Text c="dimmed">Check your connection and try again.</Text>
          <Button onClick={() => void currentUser.refetch()}>Try again</Button>
        </Stack>
      </Center>
    );
  }
  return children;
}
