import {
  canCreateProject,
  PROJECT_SORT_LABELS,
  PROJECT_SORTS,
  PROJECT_STATES,
  type ProjectSort,
  type ProjectState,
} from "@atelier/shared";
import { Button, Center, Group, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { useSignedInUser } from "../../lib/current-user.ts";
import { plural } from "../../lib/format.ts";
import { useSearchParams } from "../../lib/router/index.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadErrorState } from "../../ui/load-error-state.tsx";
import { openModal } from "../../ui/modal-store.ts";
import { Page } from "../../ui/page.tsx";
import { ScreenSkeleton } from "../../ui/screen-skeleton.tsx";
import { useInfiniteScroll } from "../../ui/use-infinite-scroll.ts";
import { LIST_SORT_KEY, LIST_STATE_PARAM, listStateOf } from "./list-choices.ts";
import { ProjectCard } from "./project-card.tsx";
import { PROJECT_STATE_LABELS } from "./project-format.ts";
import classes from "./projects.module.css";
import { useProjects, useUnseenProjects } from "./use-projects.ts";

function isSort(value: string | null): value is ProjectSort {
  return (PROJECT_SORTS as readonly string[]).includes(value ?? "");
}

function isState(value: string): value is ProjectState {
  return (PROJECT_STATES as readonly string[]).includes(value);
}

/** /projects: the projects the user can see, by state and sort, 20 more as the user scrolls. */
export default function ProjectsScreen() {
  const user = useSignedInUser();
  // The tab is in the address (issue 29: a link, a reload and back/forward keep it); SPEC §3
  // stores only the sort on the client. In progress is the plain /projects.
  const [params, setParams] = useSearchParams();
  const state = listStateOf(params.get(LIST_STATE_PARAM));
  const setState = (next: ProjectState) => {
    const query = new URLSearchParams(params);
    if (next === "inProgress") query.delete(LIST_STATE_PARAM);
    else query.set(LIST_STATE_PARAM, next);
    setParams(query);
  };
  // SPEC §3: the sort choice is stored on the client.
  const [sort, setSort] = useLocalStorage<ProjectSort>({ key: LIST_SORT_KEY, defaultValue: "created" });
  const projects = useProjects(state, isSort(sort) ? sort : "created");
  const unseen = useUnseenProjects();
  const items = projects.data?.pages.flatMap((page) => page.items) ?? [];
  const canCreate = canCreateProject(user);
  const sentinelRef = useInfiniteScroll({
    enabled: projects.hasNextPage && !projects.isFetchingNextPage,
    onReach: () => void projects.fetchNextPage(),
  });

  return (
    <Page title="Projects">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Project state"
          value={state}
          onChange={(value) => {
            if (isState(value)) setState(value);
          }}
          data={PROJECT_STATES.map((value) => ({ value, label: PROJECT_STATE_LABELS[value] }))}
        />
        {/* The browser's own select: two choices need no searchable dropdown, and Mantine's Select
            (with floating-ui) was a tenth of this screen's first load. */}
        <NativeSelect
          label="Sort"
          w={{ base: "100%", xs: 200 }}
          value={sort}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isSort(value)) setSort(value);
          }}
          data={PROJECT_SORTS.map((value) => ({ value, label: PROJECT_SORT_LABELS[value] }))}
        />
      </Group>
      {projects.isPending ? (
        <ScreenSkeleton rows={4} />
      ) : projects.isError ? (
        <LoadErrorState title="Could not load projects" onRetry={() => void projects.refetch()} />
      ) : items.length === 0 ? (
        state === "archived" ? (
          <EmptyState title="No archived projects" description="Projects you archive are kept here." />
        ) : (
          <EmptyState
            title="No projects yet"
            description={
              canCreate
                ? "Create a project to start ordering design work."
                : "Projects you are added to will be listed here."
            }
            action={
              canCreate ? (
                <Button onClick={() => openModal("projectCreate", { actor: user, email: user.email })}>
                  Create your first project
                </Button>
              ) : null
            }
          />
        )
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {items.map((project) => (
              <ProjectCard key={project.id} project={project} unseen={unseen.data?.has(project.id) ?? false} />
            ))}
          </SimpleGrid>
          <div ref={sentinelRef} className={classes.sentinel} aria-hidden />
          <Center>
            {projects.hasNextPage ? (
              <Button
                variant="default"
                loading={projects.isFetchingNextPage}
                onClick={() => void projects.fetchNextPage()}
              >
                Load more
              </Button>
            ) : (
              <Text size="sm" c="gray.7" role="status">
                {plural(items.length, "project")}
              </Text>
            )}
          </Center>
        </Stack>
      )}
    </Page>
  );
}
