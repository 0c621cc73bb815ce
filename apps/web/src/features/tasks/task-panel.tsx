import { ESTIMATED_WORK_MAX, TASK_FILES_MAX, type Task } from "@atelier/shared";
import { Anchor, Button, Center, Divider, Drawer, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { isApiError } from "../../lib/api-error.ts";
import { fullName } from "../../lib/format.ts";
import { formatFileSize } from "../../ui/file-size.ts";
import { openModal, useOpenModal } from "../../ui/modal-store.ts";
import { DesignsSection } from "../designs/index.ts";
import { TaskConversation } from "../task-comments/index.ts";
import { TaskActions } from "./task-actions.tsx";
import { TaskBadges, TaskDeadline, TaskDesigner } from "./task-card.tsx";
import { fileUrl, formatDateTime, formatEtaHours, formatWorkHours } from "./task-format.ts";
import { TaskHistory } from "./task-history.tsx";
import classes from "./tasks.module.css";
import { useMarkTaskSeen } from "./use-task-mutations.ts";
import { useTask } from "./use-tasks.ts";

/** A labelled detail; a group named by its label, so it can be found by that name. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const labelId = useId();
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text size="xs" fw={600} c="gray.7" tt="uppercase" id={labelId}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function DescriptionFiles({ task }: { task: Task }) {
  const files = task.descriptionFiles;
  const canEdit = task.abilities.canEdit;
  if (files.length === 0 && !canEdit) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center">
        <Title order={3} size="h6">
          Files
        </Title>
        {canEdit ? (
          <Group gap="xs">
            {files.length < TASK_FILES_MAX ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  openModal("taskAddFiles", { projectId: task.projectId, taskId: task.id, attached: files.length })
                }
              >
                Add files
              </Button>
            ) : null}
            {files.length > 0 ? (
              <Button
                variant="subtle"
                size="compact-sm"
                color="red"
                c="red.9"
                onClick={() => openModal("taskRemoveFiles", { projectId: task.projectId, taskId: task.id, files })}
              >
                Remove files
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {files.length > 0 ? (
        <ul className={classes.list} aria-label="Description files">
          {files.map((file) => (
            <li key={file.key}>
              <Anchor
                href={fileUrl(file.key)}
                target="_blank"
                rel="noreferrer"
                size="sm"
                style={{ overflowWrap: "anywhere" }}
              >
                {file.name}
              </Anchor>{" "}
              <Text span size="xs" c="gray.7">
                ({formatFileSize(file.size)})
              </Text>
            </li>
          ))}
        </ul>
      ) : (
        <Text size="sm" c="gray.7">
          No files yet.
        </Text>
      )}
    </Stack>
  );
}

/** Hidden from this viewer (costs, SPEC §6) is one thing; not estimated yet is another. */
function estimatedWorkText(task: Task): string {
  if (!task.abilities.canSeeCost) return "Not shown";
  return task.estimatedWork === null ? "Not estimated yet" : formatWorkHours(task.estimatedWork, ESTIMATED_WORK_MAX);
}

function TaskDetails({ task, onViewerChange }: { task: Task; onViewerChange: (open: boolean) => void }) {
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <TaskBadges task={task} />
        <TaskActions task={task} />
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Field label="Deadline">
          <TaskDeadline task={task} />
        </Field>
        <Field label="Designer">
          <TaskDesigner designer={task.designer} />
        </Field>
        <Field label="Time to completion">
          <Text size="sm">
            {task.estimatedTimeOfCompletion === null ? "Not estimated" : formatEtaHours(task.estimatedTimeOfCompletion)}
          </Text>
        </Field>
        <Field label="Estimated work">
          <Text size="sm">{estimatedWorkText(task)}</Text>
        </Field>
        <Field label="Added">
          <Text size="sm">
            {formatDateTime(task.createdAt)}
            {task.createdBy ? ` by ${fullName(task.createdBy)}` : ""}
          </Text>
        </Field>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h6">
          Description
        </Title>
        {task.description ? (
          <Text size="sm" className={classes.description}>
            {task.description}
          </Text>
        ) : (
          <Text size="sm" c="gray.7">
            No description.
          </Text>
        )}
      </Stack>
      <DescriptionFiles task={task} />
      <Divider />
      <Suspense fallback={null}>
        <TaskConversation task={task} />
      </Suspense>
      <Divider />
      <Suspense fallback={null}>
        <DesignsSection task={task} onViewerChange={onViewerChange} />
      </Suspense>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h6">
          History
        </Title>
        <TaskHistory projectId={task.projectId} taskId={task.id} />
      </Stack>
    </Stack>
  );
}

/** Opening a task marks its designs and comments as seen, once per opening. */
function useSeenOnOpen(task: Task | undefined) {
  const seen = useMarkTaskSeen();
  const sentFor = useRef<string | null>(null);
  const mutate = seen.mutate;
  useEffect(() => {
    if (!task || task.designsAndCommentsSeen || sentFor.current === task.id) return;
    sentFor.current = task.id;
    mutate({ projectId: task.projectId, taskId: task.id });
  }, [task, mutate]);
}

/**
 * The panel leaves with its route, so Mantine's own focus return (on `opened` turning false) never
 * runs and focus fell to the page body. When the panel goes, focus goes back to what opened it, or
 * else to the task's link on the board (the card may have been drawn anew meanwhile).
 */
function useFocusBackOnClose(taskId: string) {
  // Read during the first render, before the drawer takes focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(
    () => () => {
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const target =
          opener && opener !== document.body && opener.isConnected
            ? opener
            : document.querySelector<HTMLElement>(`main a[href$="/task/${taskId}"]`);
        target?.focus();
      });
    },
    [opener, taskId],
  );
}

/**
 * A dialog over the panel (Set deadline, say) turns the panel's focus trap off while it is open.
 * Turned on again, Mantine's trap moves focus to the panel's first control a tick later, after the
 * modal host has put it back on the button that opened the dialog: put it back once more then.
 * The opener is read while rendering, before the panel turns inert (which moves focus away).
 */
function useFocusBackAfterDialog(dialogOpen: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (dialogOpen && !wasOpen.current && document.activeElement instanceof HTMLElement) {
    opener.current = document.activeElement;
  }
  wasOpen.current = dialogOpen;
  useEffect(() => {
    if (dialogOpen) return;
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    const timer = setTimeout(() => {
      if (element.isConnected) element.focus();
    });
    return () => clearTimeout(timer);
  }, [dialogOpen]);
}

interface TaskPanelProps {
  projectId: string;
  taskId: string;
  onClose: () => void;
}

/** The task panel at /project/{id}/task/{taskId}: a side sheet over the project's board. */
export function TaskPanel({ projectId, taskId, onClose }: TaskPanelProps) {
  const task = useTask(projectId, taskId);
  const isPhone = useMediaQuery("(max-width: 36em)");
  // A dialog opened from the panel sits on top of it; the panel behind is inert meanwhile.
  // The design viewer opens over the panel too: the panel stands back the same way meanwhile.
  const [viewerOpen, setViewerOpen] = useState(false);
  const dialogOpen = useOpenModal() !== null || viewerOpen;
  useSeenOnOpen(task.data);
  useFocusBackOnClose(taskId);
  useFocusBackAfterDialog(dialogOpen);
  const notFound = task.isError && isApiError(task.error) && [400, 403, 404].includes(task.error.status);

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : "lg"}
      title={(!notFound && task.data?.title) || "Task"}
      closeOnEscape={!dialogOpen}
      trapFocus={!dialogOpen}
      zIndex={190}
      closeButtonProps={{ "aria-label": "Close task" }}
      styles={{ title: { fontWeight: 600, fontSize: "var(--mantine-font-size-lg)", overflowWrap: "anywhere" } }}
    >
      <div inert={dialogOpen}>
        {notFound ? (
          <Text role="alert">This task does not exist or you do not have access to it.</Text>
        ) : task.data ? (
          <TaskDetails task={task.data} onViewerChange={setViewerOpen} />
        ) : task.isError ? (
          <Stack gap="sm" align="flex-start">
            <Text role="alert">The task could not be loaded.</Text>
            <Button onClick={() => void task.refetch()}>Try again</Button>
          </Stack>
        ) : (
          <Center py="xl" role="status" aria-label="Loading task">
            <Loader size="sm" />
          </Center>
        )}
      </div>
    </Drawer>
  );
}
