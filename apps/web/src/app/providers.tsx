// Mantine's base layers; each component's own styles come with it (mantineStylesPerComponent in
// vite.config.ts), so a screen loads only the CSS of what it draws.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "./global.css";
import { MantineProvider } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import { toastStack } from "../ui/toasts.ts";
import { cssVariablesResolver, theme } from "./theme.ts";

// The toast stack mounts (and its code loads) with the first toast, not with the first screen;
// that toast waits in Mantine's store and appears when the stack mounts.
const ToastStack = lazy(() => import("../ui/toast-stack.tsx"));

export function Providers({ children }: { children: ReactNode }) {
  const toastsWanted = useSyncExternalStore(toastStack.subscribe, toastStack.wanted, () => false);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {toastsWanted ? (
        <Suspense fallback={null}>
          <ToastStack />
        </Suspense>
      ) : null}
      {children}
    </MantineProvider>
  );
}
