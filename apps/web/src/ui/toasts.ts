import { TOAST_MS } from "@atelier/shared";

type ToastKind = "info" | "success" | "error";

const COLORS: Record<ToastKind, string> = { info: "blue", success: "teal", error: "red" };

// Loaded on the first toast, not with the first screen: the toast stack mounts then too.
const loadNotifications = () => import("@mantine/notifications").then((module) => module.notifications);
let toastShown = false;
const firstToastListeners = new Set<() => void>();

/** Whether a toast was ever asked for (the stack mounts from then on), for useSyncExternalStore. */
export const toastStack = {
  wanted: (): boolean => toastShown,
  subscribe(listener: () => void): () => void {
    firstToastListeners.add(listener);
    return () => firstToastListeners.delete(listener);
  },
};

function showToast(kind: ToastKind, message: string): void {
  if (!toastShown) {
    toastShown = true;
    for (const listener of firstToastListeners) listener();
  }
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
