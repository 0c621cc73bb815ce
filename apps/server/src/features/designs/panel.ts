import type { TaskFacts } from "@atelier/shared";
import type { DbOrTx } from "../../db/client.ts";
import type { TaskDesignLists, TaskPanel } from "../tasks/index.ts";
import { type DesignViewer, presentDesignerFiles } from "./presenter.ts";
import { loadPanelRows } from "./repo/panel.ts";
import { type CommentRow, type DesignerFileRow, listCommentRows, listDesignerFileRows } from "./repo/read.ts";
import { findReadyZips } from "./repo/zips.ts";
import { fileListHash } from "./zip-hash.ts";

function groupByTask<T extends { taskId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(row.taskId) ?? [];
    list.push(row);
    groups.set(row.taskId, list);
  }
  return groups;
}

/**
 * The designer files of several tasks (a page of a task list, or one task) as the viewer sees
 * them: one statement when none has files, else three (files, comments, built zips), whatever the
 * number of tasks, files and comments. Tasks fill `designerFileList` with it (their TaskDesignReader).
 */
export async function loadDesignerFileLists(
  db: DbOrTx,
  viewer: DesignViewer,
  tasks: readonly (TaskFacts & { id: string })[],
): Promise<Map<string, TaskDesignLists>> {
  const ids = tasks.map((task) => task.id);
  const fileRows = await listDesignerFileRows(db, viewer.actor.id, ids);
  const files = groupByTask<DesignerFileRow>(fileRows);
  const commentRows = fileRows.length > 0 ? await listCommentRows(db, ids) : [];
  const comments = groupByTask<CommentRow>(commentRows);
  const lists = new Map(
    tasks.map((task) => [
      task.id,
      presentDesignerFiles(viewer, task, files.get(task.id) ?? [], comments.get(task.id) ?? []),
    ]),
  );
  const hashes = [...lists].flatMap(([taskId, list]) =>
    list.length > 0 ? [{ taskId, listHash: fileListHash(list.map((file) => file.designerFileKey)) }] : [],
  );
  const zips = await findReadyZips(db, hashes);
  return new Map(
    [...lists].map(([taskId, designerFileList]) => [
      taskId,
      { designerFileList, designZipLink: zips.get(taskId) ?? null },
    ]),
  );
}

/**
 * One task's designer files as the viewer sees them, with its zip link and the viewer's task seen
 * flag, in one statement (the task panel, `GET …/designs` and `GET …/task/{taskId}`), presented
 * by the same presenter as `loadDesignerFileLists`.
 */
export async function loadTaskPanel(
  db: DbOrTx,
  viewer: DesignViewer,
  task: TaskFacts & { id: string },
): Promise<TaskPanel> {
  const rows = await loadPanelRows(db, viewer.actor.id, task.id);
  const designerFileList = presentDesignerFiles(viewer, task, rows.files, rows.comments);
  const listHash =
    designerFileList.length > 0 ? fileListHash(designerFileList.map((file) => file.designerFileKey)) : null;
  return {
    designerFileList,
    designZipLink: rows.zips.find((zip) => zip.hash === listHash)?.key ?? null,
    designsAndCommentsSeen: rows.seen,
  };
}
