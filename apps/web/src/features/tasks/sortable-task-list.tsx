import type { Task } from "@atelier/shared";
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon } from "@mantine/core";
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
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: task.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
    >
      <TaskCard
        task={task}
        isDragging={isDragging}
        handle={
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray.7"
            size="lg"
            className={classes.handle}
            {...attributes}
            {...listeners}
            aria-label={`Move ${task.title}`}
          >
            <GripIcon />
          </ActionIcon>
        }
      />
    </li>
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: UniqueIdentifier) => tasks.find((task) => task.id === id)?.title ?? "The task";
  const positionOf = (id: UniqueIdentifier | undefined) =>
    id === undefined ? "" : ` position ${tasks.findIndex((task) => task.id === id) + 1} of ${tasks.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, at${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} moved to${positionOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped at${positionOf(over.id)}.` : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = tasks.findIndex((task) => task.id === active.id);
    const to = tasks.findIndex((task) => task.id === over.id);
    if (from < 0 || to < 0) return;
    const next = arrayMove(tasks, from, to);
    reorder.mutate({ taskId: String(active.id), afterTaskId: to > 0 ? (next[to - 1]?.id ?? null) : null });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={tasks.map((task) => task.id)} strategy={verticalListSortingStrategy}>
        <ul className={classes.list} aria-label="Tasks in custom order">
          {tasks.map((task) => (
            <SortableTaskCard key={task.id} task={task} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
