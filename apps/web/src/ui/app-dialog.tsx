import { Modal, type ModalProps } from "@mantine/core";
import type { ReactNode } from "react";

interface AppDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: ModalProps["size"];
}

/** The shell every dialog uses: a titled Mantine modal closed with Escape or the close button. */
export function AppDialog({ title, onClose, children, size = "md" }: AppDialogProps) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      closeOnEscape
      trapFocus
      // The modal host returns focus to the control that opened the first of a chain of dialogs.
      returnFocus={false}
      centered
      closeButtonProps={{ "aria-label": "Close dialog" }}
      styles={{ title: { fontWeight: 600, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {children}
    </Modal>
  );
}
