import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { createQueryClient } from "./query-client.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

// The toast stack is drawn only once a toast is shown: its code loads after the first screen.
// Toasts shown before it arrives wait in Mantine's store and appear when it mounts.
const Notifications = lazy(() =>
  import("@mantine/notifications").then((module) => ({ default: module.Notifications })),
);

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Notifications position="top-right" limit={4} zIndex={1100} />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
