import { Badge } from "@mantine/core";
import { Link } from "../../lib/router/index.ts";
import { useUnreadMessagesCount } from "../messages/index.ts";

/**
 * Phones: the unread count beside the burger. The Messages entry that carries it on desktop sits
 * in the folded menu there, so without this a new message went unnoticed until the menu opened.
 */
export function UnreadShortcut() {
  const unread = useUnreadMessagesCount();
  if (unread === 0) return null;
  return (
    <Badge
      component={Link}
      to="/messages"
      color="red"
      variant="filled"
      size="lg"
      circle={unread < 10}
      style={{ flexShrink: 0, cursor: "pointer" }}
      hiddenFrom="sm"
    >
      {unread}
      <span className="sr-only"> unread messages</span>
    </Badge>
  );
}
