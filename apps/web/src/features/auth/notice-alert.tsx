import { Alert, Stack } from "@mantine/core";
import type { ReactNode } from "react";

export interface NoticeProps {
  color: "red" | "teal";
  /** "alert" for what went wrong, "status" for what went right */
  role: "alert" | "status";
  title: string;
  children: ReactNode;
  /** what to do next, under the alert */
  action?: ReactNode;
}

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
