import { ESTIMATED_WORK_MAX, type Task } from "@atelier/shared";
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { fullName } from "../../lib/format.ts";
import { Link } from "../../lib/router/index.ts";
import linkCard from "../../ui/link-card.module.css";
import { UserAvatar } from "../../ui/user-avatar.tsx";
import {
  formatDeadline,
  formatEtaHours,
  formatWorkHours,
  isOverdue,
  PRIORITY_COLORS,
  priorityLabel,
  STATUS_COLORS,
  statusLabel,
  taskPath,
} from "./task-format.ts";
import classes from "./tasks.module.css";

interface TaskCardProps {
  task: Task & { projectName?: string };
  /** heading level of the title: 3 under a project's "Tasks", 2 on the dashboard */
  order?: 2 | 3;
  /** the drag handle in custom order */
  handle?: ReactNode;
  isDragging?: boolean;
}

export function TaskDeadline({ task }: { task: Pick<Task, "deadline" | "status"> }) {
  if (task.deadline <= 0) {
    return (
      <Text size="sm" c="gray.7">
        No deadline
      </Text>
    );
  }
  const overdue = isOverdue(task);
  return (
    <Text size="sm" c={overdue ? "red.9" : undefined} fw={overdue ? 600 : undefined}>
      {overdue ? "Overdue: was due " : "Due "}
      {formatDeadline(task.deadline)}
    </Text>
  );
}

export function TaskEstimates({ task }: { task: Pick<Task, "estimatedTimeOfCompletion" | "estimatedWork"> }) {
  const parts: string[] = [];
  if (task.estimatedTimeOfCompletion !== null) parts.push(`ETA ${formatEtaHours(task.estimatedTimeOfCompletion)}`);
  if (task.estimatedWork !== null) parts.push(`work ${formatWorkHours(task.estimatedWork, ESTIMATED_WORK_MAX)}`);
  if (parts.length === 0) return null;
  return (
    <Text size="sm" c="gray.7">
      {parts.join(" · ")}
    </Text>
  );
}

export function TaskBadges({ task }: { task: Pick<Task, "status" | "priority" | "taskArchived"> }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={STATUS_COLORS[task.status]} variant="outline">
        {statusLabel(task.status)}
      </Badge>
      <Badge
        color={PRIORITY_COLORS[task.priority.value]}
        c={`${PRIORITY_COLORS[task.priority.value]}.9`}
        variant="light"
      >
        {priorityLabel(task.priority)} priority
      </Badge>
      {task.taskArchived ? (
        <Badge color="gray.7" variant="outline">
          Archived
        </Badge>
      ) : null}
    </Group>
  );
}

export function TaskDesigner({ designer }: { designer: Task["designer"] }) {
  if (!designer) {
    return (
      <Text size="sm" c="gray.7">
        No designer yet
      </Text>
    );
  }
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <UserAvatar name={designer.name} surname={designer.surname} avatarKey={designer.avatarKey} size={28} />
      <Text size="sm" truncate>
        {fullName(designer)}
      </Text>
    </Group>
  );
}

/** One task: its title is the link to the task panel and covers the card. */
export function TaskCard({ task, order = 3, handle, isDragging = false }: TaskCardProps) {
  const unseen = !task.designsAndCommentsSeen;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      className={`${linkCard.card} ${isDragging ? classes.dragging : ""}`}
    >
      <Group align="flex-start" gap="sm" wrap="nowrap">
        {handle ? <div className={linkCard.aboveLink}>{handle}</div> : null}
        <Stack gap={8} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
            <Title order={order} size="h5" className={classes.title}>
              <Link to={taskPath(task)} className={linkCard.cardLink} preventScrollReset>
                {task.title}
              </Link>
            </Title>
            {unseen ? (
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                <span className={classes.unseen} aria-hidden />
                <Text size="xs" fw={600} c="red.9">
                  New
                  <span className="sr-only"> designs or comments</span>
                </Text>
              </Group>
            ) : null}
          </Group>
          {task.projectName ? (
            <Text size="sm" c="gray.7">
              {task.projectName}
            </Text>
          ) : null}
          <TaskBadges task={task} />
          <Group justify="space-between" gap="sm" wrap="wrap">
            <TaskDeadline task={task} />
            <TaskEstimates task={task} />
          </Group>
          <TaskDesigner designer={task.designer} />
        </Stack>
      </Group>
    </Card>
  );
}
