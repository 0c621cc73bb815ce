import { Button, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { AppDialog } from "./app-dialog.tsx";

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** Red for actions that remove or cannot be undone. */
  isDestructive?: boolean;
  isPending: boolean;
  /** Shown above the buttons, e.g. a failure that keeps the dialog open. */
  alert?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before an action: Cancel (focused first, so Enter does not confirm by accident) or confirm. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isDestructive = false,
  isPending,
  alert,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <AppDialog title={title} onClose={onClose} size="sm">
      <Stack gap="md">
        <Text>{children}</Text>
        {alert}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button color={isDestructive ? "red" : undefined} loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
