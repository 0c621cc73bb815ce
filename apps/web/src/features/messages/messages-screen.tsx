import type { FeedMessage } from "@atelier/shared";
import { Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useNavigate } from "../../lib/router/index.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { Page } from "../../ui/page.tsx";
import { ScreenSkeleton } from "../../ui/screen-skeleton.tsx";
import { useInfiniteScroll } from "../../ui/use-infinite-scroll.ts";
import { useMarkSeen, useMessagesFeed } from "./use-messages.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

interface ProjectGroup {
  projectId: string;
  projectName: string;
  messages: FeedMessage[];
}

/** Groups the feed by project, in the order projects first appear (newest message first). */
function groupByProject(messages: FeedMessage[]): ProjectGroup[] {
  const groups = new Map<string, ProjectGroup>();
  for (const message of messages) {
    const group = groups.get(message.projectId) ?? {
      projectId: message.projectId,
      projectName: message.projectName,
      messages: [],
    };
    group.messages.push(message);
    groups.set(message.projectId, group);
  }
  // Unread first within each project, newest first otherwise (the feed's order).
  for (const group of groups.values()) group.messages.sort((a, b) => Number(a.seen) - Number(b.seen));
  return [...groups.values()];
}

function MessageRow({ message, onOpen }: { message: FeedMessage; onOpen: (message: FeedMessage) => void }) {
  return (
    <UnstyledButton
      onClick={() => onOpen(message)}
      p="sm"
      style={{ borderRadius: 8, background: message.seen ? undefined : "var(--mantine-color-indigo-light)" }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={message.seen ? 400 : 700} style={{ overflowWrap: "anywhere" }}>
            {message.senderName} {message.text}
          </Text>
          <Text size="sm" c="dimmed">
            {message.taskName || "Project"} · {timeFormat.format(message.timestamp)}
          </Text>
        </Stack>
        {message.seen ? null : (
          // The text beside it wraps; the chip keeps its whole word (a phone squeezed it to "UN…").
          <Badge color="indigo" variant="filled" size="sm" style={{ flexShrink: 0 }}>
            Unread
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

/** /messages: the staff feed grouped by project, unread first; a click opens the task and marks it seen. */
export default function MessagesScreen() {
  const feed = useMessagesFeed();
  const markSeen = useMarkSeen();
  const navigate = useNavigate();
  const sentinel = useInfiniteScroll({
    enabled: feed.hasNextPage && !feed.isFetchingNextPage,
    onReach: () => void feed.fetchNextPage(),
  });
  const messages = feed.data?.pages.flatMap((page) => page.items) ?? [];

  const open = (message: FeedMessage) => {
    if (!message.seen) markSeen.mutate({ projectId: message.projectId, taskId: message.taskId ?? undefined });
    void navigate(message.link);
  };

  return (
    <Page title="Messages">
      {feed.isPending ? (
        <ScreenSkeleton />
      ) : messages.length === 0 ? (
        <EmptyState
          title="No messages yet"
          description="Comments, uploads and updates from your projects will appear here."
        />
      ) : (
        <Stack gap="lg">
          {groupByProject(messages).map((group) => (
            <Card key={group.projectId} withBorder padding="md" component="section" aria-label={group.projectName}>
              <Group justify="space-between" mb="xs">
                <Title order={2} size="h4">
                  {group.projectName}
                </Title>
                {group.messages.some((message) => !message.seen) ? (
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => markSeen.mutate({ projectId: group.projectId })}
                    loading={markSeen.isPending}
                  >
                    Mark all as read
                  </Button>
                ) : null}
              </Group>
              <Stack gap={4}>
                {group.messages.map((message) => (
                  <MessageRow key={message.id} message={message} onOpen={open} />
                ))}
              </Stack>
            </Card>
          ))}
          <div ref={sentinel} />
          {feed.hasNextPage ? (
            <Button variant="default" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage}>
              Load more
            </Button>
          ) : null}
        </Stack>
      )}
    </Page>
  );
}
