import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./global.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "./query-client.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {/* Bottom right: at the top they would cover the header's user block and Logout. */}
        <Notifications position="bottom-right" limit={4} zIndex={1100} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
