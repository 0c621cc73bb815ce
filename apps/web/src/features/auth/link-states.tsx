import { Loader, Stack, Text } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import type { NoticeProps } from "./notice-alert.tsx";

// Loaded when a notice is drawn (a link not valid, a link sent): never the screen's first state,
// and the reset and invite screens' first load has no room for Mantine's Alert.
const NoticeAlert = lazy(() => import("./notice-alert.tsx"));

/** An alert with what to do next, in place of a form. */
export function Notice(props: NoticeProps) {
  return (
    <Suspense fallback={null}>
      <NoticeAlert {...props} />
    </Suspense>
  );
}

/** While a setup, reset or invite link is being checked. */
export function CheckingLink({ label }: { label: string }) {
  return (
    <Stack align="center" py="md" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{label}</Text>
    </Stack>
  );
}

/** A link that is unknown, spent or expired: the alert, and what to do next. */
export function InvalidLink({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <Notice color="red" role="alert" title={title} action={action}>
      {message}
    </Notice>
  );
}
