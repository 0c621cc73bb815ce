import type { Task } from "@atelier/shared";
import { Button, Center, Skeleton, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { plural } from "../../lib/format.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadErrorState } from "../../ui/load-error-state.tsx";
import { useInfiniteScroll } from "../../ui/use-infinite-scroll.ts";
import classes from "./tasks.module.css";

export function TaskListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading tasks">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders without identity.
        <Skeleton key={index} height={112} radius="md" />
      ))}
    </Stack>
  );
}

interface PagedTasks<T extends Task> {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

interface TaskListViewProps<T extends Task> {
  query: PagedTasks<T>;
  errorTitle: string;
  empty: { title: string; description: ReactNode; action?: ReactNode };
  /** heading level of the empty state's title */
  order?: 2 | 3;
  children: (items: T[]) => ReactNode;
}

/**
 * A paged task list: skeleton while loading, an error with Try again, the empty state, then the
 * items with the next page loading as the user scrolls, and a Load more button for keyboards.
 */
export function TaskListView<T extends Task>({ query, errorTitle, empty, order = 3, children }: TaskListViewProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const sentinelRef = useInfiniteScroll({
    enabled: query.hasNextPage && !query.isFetchingNextPage,
    onReach: () => void query.fetchNextPage(),
  });
  if (query.isPending) return <TaskListSkeleton />;
  if (query.isError && items.length === 0) {
    return <LoadErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  }
  if (items.length === 0) return <EmptyState order={order} {...empty} />;
  return (
    <Stack gap="md">
      {children(items)}
      <div ref={sentinelRef} className={classes.sentinel} aria-hidden />
      <Center>
        {query.hasNextPage ? (
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        ) : (
          <Text size="sm" c="gray.7" role="status">
            {plural(items.length, "task")}
          </Text>
        )}
      </Center>
    </Stack>
  );
}
