import { Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * Pieces every comment list shows (design comments, the task's conversation): who wrote it and
 * when, the text with its @mentions marked, and the author's Edit and Remove.
 */

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export interface CommentHead {
  userFirstName: string;
  userSecondName: string;
  timestamp: number;
  editedAt: number | null;
  /** set when a guest reviewer (no account) wrote it: marked as a guest's everywhere it shows */
  guestId?: string | null;
}

export function CommentAuthor({ item }: { item: CommentHead }) {
  return (
    <Text size="xs" c="gray.7">
      <Text span fw={600} c="dark">
        {item.userFirstName} {item.userSecondName}
      </Text>
      {item.guestId ? (
        <Text span size="xs" fw={600} c="grape.9">
          {" "}
          (guest)
        </Text>
      ) : null}{" "}
      · {dateTimeFormat.format(new Date(item.timestamp))}
      {item.editedAt ? " · edited" : ""}
    </Text>
  );
}

/** The text split around the "@Name" of each person it mentions, those shown in bold. */
function withMentions(text: string, names: readonly string[]): ReactNode[] {
  const tokens = [...new Set(names)].map((name) => `@${name}`).sort((a, b) => b.length - a.length);
  if (tokens.length === 0) return [text];
  const parts: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest.length > 0) {
    let at = -1;
    let token = "";
    for (const candidate of tokens) {
      const index = rest.indexOf(candidate);
      if (index !== -1 && (at === -1 || index < at)) {
        at = index;
        token = candidate;
      }
    }
    if (at === -1) {
      parts.push(rest);
      break;
    }
    if (at > 0) parts.push(rest.slice(0, at));
    key += 1;
    parts.push(
      <Text span fw={600} c="indigo.8" key={key}>
        {token}
      </Text>,
    );
    rest = rest.slice(at + token.length);
  }
  return parts;
}

export function CommentText({ text, mentionNames = [] }: { text: string; mentionNames?: readonly string[] }) {
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {withMentions(text, mentionNames)}
    </Text>
  );
}

/** The author's Edit and the Remove of the author or staff, as the server's abilities allow. */
export function CommentActions({
  canEdit,
  canRemove,
  onEdit,
  onRemove,
  children,
}: {
  canEdit: boolean;
  canRemove: boolean;
  onEdit: () => void;
  onRemove: () => void;
  children?: ReactNode;
}) {
  if (!canEdit && !canRemove && !children) return null;
  return (
    <Group gap={4}>
      {children}
      {canEdit ? (
        <Button variant="subtle" size="compact-xs" onClick={onEdit}>
          Edit
        </Button>
      ) : null}
      {canRemove ? (
        <Button variant="subtle" size="compact-xs" color="red" c="red.9" onClick={onRemove}>
          Remove
        </Button>
      ) : null}
    </Group>
  );
}
