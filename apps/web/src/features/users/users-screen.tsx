import {
  canPublishPlatformNotifications,
  canSeeDesignerOverview,
  type DesignerOverview,
  ROLE_LABELS,
  ROLES,
  type Role,
  USER_SEARCH_MAX,
} from "@atelier/shared";
import { Button, Center, Group, Loader, Select, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Suspense, useState } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { plural } from "../../lib/format.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadErrorState } from "../../ui/load-error-state.tsx";
import { openModal } from "../../ui/modal-store.ts";
import { Page } from "../../ui/page.tsx";
import { ScreenSkeleton } from "../../ui/screen-skeleton.tsx";
import { AnnouncementForm } from "../announcements/index.ts";
import { useDesignerOverview } from "./use-hours.ts";
import { useUsers } from "./use-users.ts";
import { UsersTable } from "./users-table.tsx";

interface UsersScreenProps {
  title: string;
  /** Fixed role (the designers screen); without it the screen offers a role filter. */
  onlyRole?: Role;
}

const ALL = "all";

export function UsersScreen({ title, onlyRole: fixedRole }: UsersScreenProps) {
  const [filter, setFilter] = useState<string>(ALL);
  const role = fixedRole ?? (filter === ALL ? undefined : (filter as Role));
  const [search, setSearch] = useState("");
  // The server searches (20,000 accounts do not fit a page); one request per pause in typing.
  const [q] = useDebouncedValue(search.trim(), 300);
  const users = useUsers(role, q);
  const items = users.data?.pages.flatMap((page) => page.items) ?? [];
  const isUsersScreen = fixedRole === undefined;
  // The designers screen adds the overview's figures (open tasks, hours, capacity, owed) per row.
  const actor = useSignedInUser();
  const showOverview = fixedRole === "designer" && canSeeDesignerOverview(actor);
  const overview = useDesignerOverview(showOverview);
  const figures = showOverview
    ? new Map<string, DesignerOverview>(
        (overview.data?.pages.flatMap((page) => page.items) ?? []).map((item) => [item.id, item]),
      )
    : undefined;
  const loadMore = () => {
    void users.fetchNextPage();
    if (showOverview && overview.hasNextPage) void overview.fetchNextPage();
  };

  return (
    <Page
      title={title}
      actions={
        isUsersScreen ? (
          // The header holds Add User on wide screens; on phones it is here.
          <Button hiddenFrom="sm" onClick={() => openModal("addUser", {})}>
            Add User
          </Button>
        ) : null
      }
    >
      {isUsersScreen && canPublishPlatformNotifications(actor) ? (
        <Suspense fallback={null}>
          <AnnouncementForm />
        </Suspense>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={isUsersScreen ? "Search users" : "Search designers"}
          placeholder="Name or e-mail"
          w={{ base: "100%", xs: 300 }}
          maxLength={USER_SEARCH_MAX}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={users.isFetching && !users.isFetchingNextPage ? <Loader size="xs" /> : null}
        />
        {isUsersScreen ? (
          <Select
            label="Filter by role"
            w={{ base: "100%", xs: 240 }}
            allowDeselect={false}
            value={filter}
            onChange={(value) => setFilter(value ?? ALL)}
            data={[{ value: ALL, label: "All roles" }, ...ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))]}
          />
        ) : null}
      </Group>
      {users.isPending ? (
        <ScreenSkeleton rows={5} />
      ) : users.isError ? (
        <LoadErrorState title="Could not load users" onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={q ? "No matches" : fixedRole === "designer" ? "No designers yet" : "No users found"}
          description={
            q
              ? `Nobody${role ? ` with the role ${ROLE_LABELS[role]}` : ""} has a name or e-mail with “${q}”.`
              : role
                ? `There are no users with the role ${ROLE_LABELS[role]}.`
                : "Add a designer or project manager to start."
          }
        />
      ) : (
        <Stack gap="md">
          <UsersTable users={items} caption={title} overview={figures} />
          <Center>
            {users.hasNextPage ? (
              <Button variant="default" loading={users.isFetchingNextPage} onClick={loadMore}>
                Load more
              </Button>
            ) : (
              <Text size="sm" c="gray.7">
                {plural(items.length, fixedRole === "designer" ? "designer" : "user")}
              </Text>
            )}
          </Center>
        </Stack>
      )}
    </Page>
  );
}
