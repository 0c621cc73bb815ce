import { TOAST_MS } from "@atelier/shared";

type ToastKind = "info" | "success" | "error";

const COLORS: Record<ToastKind, string> = { info: "blue", success: "teal", error: "red" };

// Loaded on the first toast, not with the first screen (the stack itself mounts lazily too).
const loadNotifications = () => import("@mantine/notifications").then((module) => module.notifications);

function showToast(kind: ToastKind, message: string): void {
  void loadNotifications().then((notifications) =>
    notifications.show({
      message,
      color: COLORS[kind],
      autoClose: TOAST_MS,
      withBorder: true,
      // Mantine's close button has no name of its own (axe button-name).
      closeButtonProps: { "aria-label": "Close notification" },
      "data-toast": kind,
    }),
  );
}

/** Toasts of SPEC §2: info, success and error, each lasting 4 seconds. */
export const toast = {
  info: (message: string) => showToast("info", message),
  success: (message: string) => showToast("success", message),
  error: (message: string) => showToast("error", message),
};
