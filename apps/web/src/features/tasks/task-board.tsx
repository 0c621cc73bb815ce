import {
  canCreateTask,
  type Project,
  projectTakesTasks,
  TASK_SORT_LABELS,
  TASK_SORT_TYPES,
  type Task,
  type TaskSortType,
} from "@atelier/shared";
import { Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { useNavigate, useParams } from "../../lib/router/index.ts";
import { openModal } from "../../ui/modal-store.ts";
import { TaskCard } from "./task-card.tsx";
import { TaskListView } from "./task-list-view.tsx";
import classes from "./tasks.module.css";
import { useTaskSort } from "./use-task-sort.ts";
import { useArchivedTasks, useProjectTasks } from "./use-tasks.ts";

// Drag and drop (dnd-kit) and the task panel load when first needed, so the project screen's
// first view carries only the list: the custom order shows the plain list until the handles arrive.
const SortableTaskList = lazy(() =>
  import("./sortable-task-list.tsx").then((module) => ({ default: module.SortableTaskList })),
);
const TaskPanel = lazy(() => import("./task-panel.tsx").then((module) => ({ default: module.TaskPanel })));

type View = "active" | "archived";

function PlainTaskList({ tasks, label }: { tasks: Task[]; label: string }) {
  return (
    <ul className={classes.list} aria-label={label}>
      {tasks.map((task) => (
        <li key={task.id}>
          <TaskCard task={task} />
        </li>
      ))}
    </ul>
  );
}

function ActiveTasks({ project, sort, canCreate }: { project: Project; sort: TaskSortType; canCreate: boolean }) {
  const tasks = useProjectTasks(project.id, sort);
  return (
    <TaskListView
      query={tasks}
      errorTitle="Could not load the tasks"
      empty={{
        title: "No tasks yet",
        description: canCreate
          ? "Add a task to order design work: describe what you need and attach reference files."
          : "Tasks added to this project will be listed here.",
        action: canCreate ? (
          <Button onClick={() => openModal("taskCreate", { projectId: project.id })}>Add the first task</Button>
        ) : null,
      }}
    >
      {(items) =>
        sort === "custom" && items.some((task) => task.abilities.canReorder) ? (
          <Suspense fallback={<PlainTaskList tasks={items} label="Tasks" />}>
            <SortableTaskList projectId={project.id} tasks={items} />
          </Suspense>
        ) : (
          <PlainTaskList tasks={items} label="Tasks" />
        )
      }
    </TaskListView>
  );
}

function ArchivedTasks({ project }: { project: Project }) {
  const tasks = useArchivedTasks(project.id);
  return (
    <TaskListView
      query={tasks}
      errorTitle="Could not load the archived tasks"
      empty={{ title: "No archived tasks", description: "Tasks you archive are kept here and can be brought back." }}
    >
      {(items) => <PlainTaskList tasks={items} label="Archived tasks" />}
    </TaskListView>
  );
}

/**
 * The task area of /project/{id}: active tasks in the user's sort (custom order by drag and drop),
 * the archived list, adding a task, and the task panel when the route names a task.
 */
export default function TaskBoard({ project }: { project: Project }) {
  const user = useSignedInUser();
  const { taskId } = useParams();
  const navigate = useNavigate();
  const [view, setView] = useState<View>("active");
  const { sort, setSort } = useTaskSort(project.id);
  const member = project.projectUsersFeData.find((person) => person.id === user.id);
  const mayCreate = canCreateTask(
    user,
    member && { projectRole: member.userProjectRole, active: member.userActiveOnProject },
  );
  // An archived project takes no new tasks (the server answers 412): say why instead of a button.
  const isClosed = !projectTakesTasks(project);
  const canCreate = mayCreate && !isClosed;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Which tasks"
            value={view}
            onChange={(value) => setView(value === "archived" ? "archived" : "active")}
            data={[
              { value: "active", label: "Active tasks" },
              { value: "archived", label: "Archived tasks" },
            ]}
          />
          <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: "1 1 auto", justifyContent: "flex-end" }}>
            {view === "active" ? (
              // Native: Mantine's Select (with its dropdown and scroll area) would push the project
              // screen's first load over its budget, and four fixed choices need no search.
              <NativeSelect
                label="Sort tasks"
                w={{ base: "100%", xs: 180 }}
                value={sort}
                onChange={(event) => setSort(event.currentTarget.value)}
                data={TASK_SORT_TYPES.map((value) => ({ value, label: TASK_SORT_LABELS[value] }))}
              />
            ) : null}
            {canCreate ? (
              <Button onClick={() => openModal("taskCreate", { projectId: project.id })}>New task</Button>
            ) : mayCreate && isClosed ? (
              <Text size="sm" c="gray.7">
                This project is archived. Restore it to add tasks.
              </Text>
            ) : null}
          </Group>
        </Group>
      </Paper>
      {view === "active" ? (
        <ActiveTasks project={project} sort={sort} canCreate={canCreate} />
      ) : (
        <ArchivedTasks project={project} />
      )}
      {taskId ? (
        <Suspense fallback={null}>
          <TaskPanel
            projectId={project.id}
            taskId={taskId}
            onClose={() => void navigate(`/project/${project.id}`, { preventScrollReset: true })}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
