import type { Project } from "@atelier/shared";
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Suspense } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { fullName, plural } from "../../lib/format.ts";
import { Link, useParams } from "../../lib/router/index.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { LoadErrorState } from "../../ui/load-error-state.tsx";
import { openModal } from "../../ui/modal-store.ts";
import { Page } from "../../ui/page.tsx";
import { ScreenSkeleton } from "../../ui/screen-skeleton.tsx";
import { HoursLedgerSection, LEDGER_MIN_HEIGHT, PaymentReturn } from "../billing/index.ts";
import { ProjectTaskArea } from "../tasks/index.ts";
import { activeMembers, PROJECT_STATE_LABELS } from "./project-format.ts";
import { TeamAvatars } from "./team-avatars.tsx";
import { useProject } from "./use-projects.ts";

function ProjectNotFound() {
  return (
    <Page title="Project not found">
      <EmptyState
        title="This project does not exist or you do not have access to it"
        description="It may have been removed, or you were taken off its team. Ask its owner or your project manager for an invite."
        action={
          <Anchor component={Link} to="/projects">
            Go to your projects
          </Anchor>
        }
      />
    </Page>
  );
}

function ProjectActions({ project }: { project: Project }) {
  const { abilities } = project;
  const canOpenSettings = abilities.canEdit || abilities.canEditBilling || abilities.canEditPlan;
  const isArchived = project.state === "archived";
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" onClick={() => openModal("projectTeam", { projectId: project.id })}>
        Team
      </Button>
      {abilities.canSeeNotes ? (
        <Button variant="default" onClick={() => openModal("projectClientNotes", { projectId: project.id })}>
          Notes
        </Button>
      ) : null}
      {abilities.canSeeCosts ? (
        <Button variant="default" onClick={() => openModal("projectPlan", { projectId: project.id })}>
          Plan
        </Button>
      ) : null}
      {canOpenSettings ? (
        <Button variant="default" onClick={() => openModal("projectSettings", { projectId: project.id })}>
          Settings
        </Button>
      ) : null}
      {abilities.canArchive ? (
        <Button
          variant="default"
          onClick={() =>
            openModal("projectState", {
              projectId: project.id,
              name: project.name,
              target: isArchived ? "inProgress" : "archived",
            })
          }
        >
          {isArchived ? "Restore" : "Archive"}
        </Button>
      ) : null}
      {abilities.canDelete ? (
        <Button
          variant="default"
          c="red.8"
          onClick={() => openModal("projectRemove", { projectId: project.id, name: project.name })}
        >
          Remove
        </Button>
      ) : null}
    </Group>
  );
}

function ProjectHeader({ project }: { project: Project }) {
  const team = activeMembers(project.projectUsersFeData);
  const owner = team.find((member) => member.userProjectRole === "owner");
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge color={project.state === "archived" ? "gray.7" : "teal.9"} variant="outline">
                {PROJECT_STATE_LABELS[project.state]}
              </Badge>
              <Text size="sm" c="gray.7">
                {plural(project.taskCount, "task")} · {project.countArchivedTasks} archived
              </Text>
            </Group>
            <Text size="sm">
              Owner: <strong>{owner ? fullName(owner) : "No owner"}</strong>
              {project.customerEmail ? (
                <Text span c="gray.7">
                  {" "}
                  ({project.customerEmail})
                </Text>
              ) : null}
            </Text>
          </Stack>
          <ProjectActions project={project} />
        </Group>
        <Group gap="sm" align="center">
          <Text size="sm" c="gray.7">
            Team
          </Text>
          <TeamAvatars members={team} max={8} />
        </Group>
      </Stack>
    </Paper>
  );
}

/** /project/:id, also shown on its subscription-completed and collect-payment-details routes. */
export default function ProjectScreen() {
  const { id = "" } = useParams();
  const project = useProject(id);

  if (project.isPending) return <ScreenSkeleton rows={3} />;
  if (project.isError) {
    const status = isApiError(project.error) ? project.error.status : 0;
    if (status === 404 || status === 400 || status === 403) return <ProjectNotFound />;
    return (
      <Page title="Project">
        <LoadErrorState title="Could not load this project" onRetry={() => void project.refetch()} />
      </Page>
    );
  }

  const data = project.data;
  return (
    <Page title={data.name}>
      <PaymentReturn projectId={data.id} />
      <ProjectHeader project={data} />
      {data.abilities.canSeeCosts ? (
        <Suspense fallback={<Box mih={LEDGER_MIN_HEIGHT} />}>
          <HoursLedgerSection projectId={data.id} />
        </Suspense>
      ) : null}
      <section aria-labelledby="project-tasks-heading">
        <Title order={2} size="h3" id="project-tasks-heading" mb="sm">
          Tasks
        </Title>
        <Suspense fallback={<ScreenSkeleton />}>
          <ProjectTaskArea project={data} />
        </Suspense>
      </section>
    </Page>
  );
}
