import type { DbOrTx } from "../../../db/client.ts";
import { loadDesignerFileLists, type TaskDesignLists } from "../../designs/index.ts";
import { factsOf, type Viewer } from "../presenter.ts";

/** The designer files (and built zip) of presented tasks, read for a whole page at once. */
export function designsFor(
  db: DbOrTx,
  viewer: Viewer,
  rows: readonly { id: string; designerId: string | null; status: TaskStatusOf; archivedAt: Date | null }[],
): Promise<Map<string, TaskDesignLists>> {
  return loadDesignerFileLists(
    db,
    viewer,
    rows.map((row) => ({ ...factsOf(row), id: row.id })),
  );
}

type TaskStatusOf = Parameters<typeof factsOf>[0]["status"];
