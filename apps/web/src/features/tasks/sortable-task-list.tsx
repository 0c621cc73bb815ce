import type { Task } from "@atelier/shared";
import { arrayMove, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { ActionIcon } from "@mantine/core";
import { SortableItem, SortableList } from "../../ui/sortable-list.tsx";
import { TaskCard } from "./task-card.tsx";
import classes from "./tasks.module.css";
import { useReorderTask } from "./use-task-mutations.ts";

function GripIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

function SortableTaskCard({ task }: { task: Task }) {
  return (
    <SortableItem id={task.id}>
      {(handle) => (
        <TaskCard
          task={task}
          isDragging={handle.isDragging}
          handle={
            <ActionIcon
              ref={handle.ref}
              variant="subtle"
              color="gray.7"
              size="lg"
              className={classes.handle}
              {...handle.attributes}
              {...handle.listeners}
              aria-label={`Move ${task.title}`}
            >
              <GripIcon />
            </ActionIcon>
          }
        />
      )}
    </SortableItem>
  );
}

const instructions =
  "To move a task, press Space or Enter on its move button, use the up and down arrow keys to choose its place, " +
  "then press Space or Enter again to drop it, or Escape to cancel.";

/**
 * The custom order (SPEC §4): drag a card by its handle with the mouse or touch, or from the
 * keyboard (Space, arrows, Space). A drop sends the moved task and its new predecessor.
 */
export function SortableTaskList({ projectId, tasks }: { projectId: string; tasks: Task[] }) {
  const reorder = useReorderTask(projectId);
  const ids = tasks.map((task) => task.id);
  const titleOf = (id: string) => tasks.find((task) => task.id === id)?.title ?? "The task";

  function move({ id, from, to }: { id: string; from: number; to: number }) {
    const next = arrayMove(tasks, from, to);
    reorder.mutate({ taskId: id, afterTaskId: to > 0 ? (next[to - 1]?.id ?? null) : null });
  }

  return (
    <SortableList
      ids={ids}
      nameOf={titleOf}
      instructions={instructions}
      strategy={verticalListSortingStrategy}
      onMove={move}
    >
      <ul className={classes.list} aria-label="Tasks in custom order">
        {tasks.map((task) => (
          <SortableTaskCard key={task.id} task={task} />
        ))}
      </ul>
    </SortableList>
  );
}
