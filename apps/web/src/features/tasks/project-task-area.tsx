import type { Project } from "@atelier/shared";
import { lazy, Suspense } from "react";
import { TaskListSkeleton } from "./task-list-view.tsx";

// The board brings drag and drop and the date picker: its own chunk, loaded with the project screen.
const TaskBoard = lazy(() => import("./task-board.tsx"));

/** The task area of the project screen (/project/{id} and its task links). */
export function ProjectTaskArea({ project }: { project: Project }) {
  return (
    <Suspense fallback={<TaskListSkeleton />}>
      <TaskBoard project={project} />
    </Suspense>
  );
}
