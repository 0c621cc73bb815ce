import { TOAST_MS } from "@atelier/shared";
import { notifications } from "@mantine/notifications";

type ToastKind = "info" | "success" | "error";

const COLORS: Record<ToastKind, string> = { info: "blue", success: "teal", error: "red" };

function showToast(kind: ToastKind, message: string): void {
  notifications.show({
    message,
    color: COLORS[kind],
    autoClose: TOAST_MS,
    withBorder: true,
    // Mantine's close button has no name of its own (axe button-name).
    closeButtonProps: { "aria-label": "Close notification" },
    "data-toast": kind,
  });
}

/** Toasts of SPEC §2: info, success and error, each lasting 4 seconds. */
export const toast = {
  info: (message: string) => showToast("info", message),
  success: (message: string) => showToast("success", message),
  error: (message: string) => showToast("error", message),
};
