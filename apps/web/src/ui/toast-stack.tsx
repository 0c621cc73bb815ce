import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/** The toast stack with its styles, loaded with the first toast (see app/providers.tsx). */
export default function ToastStack() {
  return <Notifications position="top-right" limit={4} zIndex={1100} />;
}
