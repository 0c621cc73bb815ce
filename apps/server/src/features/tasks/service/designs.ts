import type { TaskFacts } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import type { Emit } from "../../../core/transaction.ts";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { factsOf, type TaskDesignLists, type Viewer } from "../presenter.ts";

export type { TaskDesignLists };

/** One task's designer files with its zip link and the viewer's own seen flag (the task panel). */
export interface TaskPanel extends TaskDesignLists {
  /** false while a design or comment on the task is new to the viewer */
  designsAndCommentsSeen: boolean;
}

type TaskOfList = TaskFacts & { id: string };

/**
 * How tasks read their designer files (`designerFileList`, the zip link). The designs feature
 * implements it and builds on tasks (access, status, the task it answers), so tasks receive it
 * through the composition (features/index.ts) rather than importing designs: decision 031.
 */
export interface TaskDesignReader {
  /** several tasks' lists as the viewer sees them, in a fixed small number of statements */
  lists(db: DbOrTx, viewer: Viewer, tasks: readonly TaskOfList[]): Promise<Map<string, TaskDesignLists>>;
  /** one task's list, zip link and seen flag in one statement (the task panel) */
  panel(db: DbOrTx, viewer: Viewer, task: TaskOfList): Promise<TaskPanel>;
  /** the design review's say over the task's status (review rounds, issue 23) */
  review?: TaskReviewHooks;
}

/**
 * Review rounds decide when a task in review is approved (issue 23, part 4): while one is open,
 * approving the task directly is refused with its reason; when the task leaves review another way
 * (sent back, reopened by staff), the open round ends with it, in the same transaction.
 */
export interface TaskReviewHooks {
  approvalHeld(db: DbOrTx, taskId: string): Promise<string | null>;
  leftReview(tx: Tx, emit: Emit, actor: Actor, task: { id: string; projectId: string }): Promise<void>;
}

/** What the tasks' calls run with: the app's context and the designs reader. */
export type TasksContext = AppContext & { taskDesigns: TaskDesignReader };

/** The designer files (and built zip) of presented tasks, read for a whole page at once. */
export function designsFor(
  reader: TaskDesignReader,
  db: DbOrTx,
  viewer: Viewer,
  rows: readonly { id: string; designerId: string | null; status: TaskStatusOf; archivedAt: Date | null }[],
): Promise<Map<string, TaskDesignLists>> {
  return reader.lists(
    db,
    viewer,
    rows.map((row) => ({ ...factsOf(row), id: row.id })),
  );
}

type TaskStatusOf = Parameters<typeof factsOf>[0]["status"];
