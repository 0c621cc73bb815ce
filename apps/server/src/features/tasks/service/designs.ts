import type { TaskFacts } from "@atelier/shared";
import type { DbOrTx } from "../../../db/client.ts";
import { loadDesignerFileLists, type TaskDesignLists } from "../../designs/index.ts";
import { factsOf, type Viewer } from "../presenter.ts";

/** The designer files (and built zip) of presented tasks, read for a whole page at once. */
export function designsFor(
  db: DbOrTx,
  viewer: Viewer,
  rows: readonly { id: string; designerId: string | null; status: TaskStatusOf; archivedAt: Date | null }[],
): Promise<Map<string, TaskDesignLists>> {
  return designsForFacts(
    db,
    viewer,
    rows.map((row) => ({ ...factsOf(row), id: row.id })),
  );
}

/** As `designsFor`, for rows that carry their facts as they are (`TaskFacts` and the id). */
export function designsForFacts(
  db: DbOrTx,
  viewer: Viewer,
  rows: ReadonlyArray<TaskFacts & { id: string }>,
): Promise<Map<string, TaskDesignLists>> {
  return loadDesignerFileLists(db, viewer, rows);
}

type TaskStatusOf = Parameters<typeof factsOf>[0]["status"];
