// Mantine's base layers; each component's own styles come with it (mantineStylesPerComponent in
// build/), so a screen loads only the CSS of what it draws.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
// The theme's variables and responsive classes, written at build time (build/mantine-theme-styles.ts).
import "virtual:mantine-theme.css";
import "./global.css";
import { MantineContext, MantineThemeProvider } from "@mantine/core";
import { type ContextType, lazy, type ReactNode, Suspense, useSyncExternalStore } from "react";
import { toastStack } from "../ui/toasts.ts";
import { theme } from "./theme.ts";

/**
 * What MantineProvider would give its components with a fixed light scheme (index.html sets
 * `data-mantine-color-scheme`); its styles are the build's stylesheet, so its code stays out of
 * the first load.
 */
const mantineContext: NonNullable<ContextType<typeof MantineContext>> = {
  colorScheme: "light",
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: "mantine",
  cssVariablesSelector: ":root",
  withStaticClasses: true,
};

// The toast stack mounts (and its code loads) with the first toast, not with the first screen;
// that toast waits in Mantine's store and appears when the stack mounts.
const ToastStack = lazy(() => import("../ui/toast-stack.tsx"));

export function Providers({ children }: { children: ReactNode }) {
  const toastsWanted = useSyncExternalStore(toastStack.subscribe, toastStack.wanted, () => false);
  return (
    <MantineContext value={mantineContext}>
      <MantineThemeProvider theme={theme}>
        {toastsWanted ? (
          <Suspense fallback={null}>
            <ToastStack />
          </Suspense>
        ) : null}
        {children}
      </MantineThemeProvider>
    </MantineContext>
  );
}
