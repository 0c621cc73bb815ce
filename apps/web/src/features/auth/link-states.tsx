import { Alert, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

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
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" title={title}>
        {message}
      </Alert>
      {action}
    </Stack>
  );
}
