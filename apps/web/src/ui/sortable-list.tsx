import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, type SortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";

/**
 * A list reordered by dragging a handle with the mouse or touch, or from the keyboard (Space,
 * arrows, Space), with what happens read out to screen readers. `onMove` gets the dragged item's
 * old and new index.
 */
export function SortableList({
  ids,
  nameOf,
  instructions,
  strategy,
  onMove,
  children,
}: {
  ids: string[];
  /** what the item is called in the announcements, e.g. its title */
  nameOf: (id: string) => string;
  /** how to move an item from the keyboard, read when its handle gets focus */
  instructions: string;
  strategy: SortingStrategy;
  onMove: (move: { id: string; from: number; to: number }) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const positionOf = (id: UniqueIdentifier | undefined) =>
    id === undefined ? "" : ` position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, at${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} moved to${positionOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at${positionOf(over.id)}.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onMove({ id: String(active.id), from, to });
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={ids} strategy={strategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

type Listeners = NonNullable<ReturnType<typeof useSortable>["listeners"]>;

/** What a drag handle spreads onto itself: its ref and dnd-kit's attributes and listeners. */
export interface DragHandle {
  ref: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: Listeners | undefined;
  isDragging: boolean;
}

/** One `<li>` of a SortableList; `children` draws it with its drag handle. */
export function SortableItem({ id, children }: { id: string; children: (handle: DragHandle) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined }}
    >
      {children({ ref: setActivatorNodeRef, attributes, listeners, isDragging })}
    </li>
  );
}
