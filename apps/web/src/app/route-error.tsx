import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Component, type ReactNode } from "react";

/** Last resort for errors thrown while rendering a route: never a blank page. */
export function RouteError() {
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

interface RouteErrorBoundaryProps {
  /** The location: moving elsewhere clears the error. */
  resetKey: string;
  children: ReactNode;
}

/** Catches what a screen throws while rendering and shows RouteError instead of the screen. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
