import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";

/** The toast stack with its styles, loaded with the first toast (see app/providers.tsx). */
export default function ToastStack() {
  // Bottom right: at the top they would cover the header's user block and Logout.
  return <Notifications position="bottom-right" limit={4} zIndex={1100} />;
}
