import type { ProjectListItem } from "@atelier/shared";
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { plural } from "../../lib/format.ts";
import { Link } from "../../lib/router/index.ts";
import linkCard from "../../ui/link-card.module.css";
import { formatDate, PROJECT_STATE_LABELS } from "./project-format.ts";
import classes from "./projects.module.css";
import { TeamAvatars } from "./team-avatars.tsx";

/**
 * One project in the list: the title is the link (its name is the project name) and covers the
 * card. `unseen`: a task of it has something new for the viewer since they last opened it.
 */
export function ProjectCard({ project, unseen = false }: { project: ProjectListItem; unseen?: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg" className={linkCard.card} component="article">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            <Link to={`/project/${project.id}`} className={linkCard.cardLink}>
              {project.name}
            </Link>
          </Title>
          {unseen ? (
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <span className={classes.unseen} aria-hidden />
              <Text size="xs" fw={600} c="red.9">
                New
                <span className="sr-only"> activity in this project</span>
              </Text>
            </Group>
          ) : null}
          {project.state === "archived" ? (
            <Badge color="gray.7" variant="outline" style={{ flexShrink: 0 }}>
              {PROJECT_STATE_LABELS.archived}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="gray.7">
          Owner: {project.ownerName}
        </Text>
        <Group justify="space-between" align="center" mt="auto" gap="sm">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {plural(project.taskCount, "task")}
            </Text>
            <Text size="xs" c="gray.7">
              {project.countArchivedTasks} archived · created {formatDate(project.createdAt)}
            </Text>
          </Stack>
          {/* Above the card-wide link so the avatars' name tooltips still open on hover. */}
          <div className={linkCard.aboveLink}>
            <TeamAvatars members={project.team} />
          </div>
        </Group>
      </Stack>
    </Card>
  );
}
