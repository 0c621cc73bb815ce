import { Button, Center, Loader, Stack, Text } from "@mantine/core";
import { formatDateTime } from "./task-format.ts";
import classes from "./tasks.module.css";
import { useTaskHistory } from "./use-tasks.ts";

/** The task's activity (its events), newest first, 20 at a time. */
export function TaskHistory({ projectId, taskId }: { projectId: string; taskId: string }) {
  const history = useTaskHistory(projectId, taskId);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  if (history.isPending) {
    return (
      <Center py="sm" role="status" aria-label="Loading history">
        <Loader size="sm" />
      </Center>
    );
  }
  if (history.isError && items.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        The history could not be loaded.{" "}
        <Button variant="subtle" size="compact-sm" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </Text>
    );
  }
  if (items.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Nothing has happened on this task yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <ol className={classes.history} aria-label="Task history">
        {items.map((item) => (
          <li key={item.id}>
            <Text size="sm">{item.text}</Text>
            <Text size="xs" c="gray.7">
              <time dateTime={new Date(item.at).toISOString()}>{formatDateTime(item.at)}</time>
            </Text>
          </li>
        ))}
      </ol>
      {history.hasNextPage ? (
        <Button
          variant="default"
          size="xs"
          loading={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
          style={{ alignSelf: "flex-start" }}
        >
          Show older
        </Button>
      ) : null}
    </Stack>
  );
}
