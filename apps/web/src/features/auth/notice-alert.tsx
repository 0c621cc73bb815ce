import { Alert, Stack } from "@mantine/core";
import type { NoticeProps } from "./link-states.tsx";

/** The alert drawn by Notice, in its own chunk (see link-states.tsx). */
export default function NoticeAlert({ color, role, title, children, action }: NoticeProps) {
  return (
    <Stack gap="md">
      <Alert color={color} variant="light" role={role} title={title}>
        {children}
      </Alert>
      {action}
    </Stack>
  );
}
