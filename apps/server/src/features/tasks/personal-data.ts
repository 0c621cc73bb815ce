import type { PersonalDataSource } from "../../core/personal-data.ts";
import {
  deleteTaskViewsOf,
  listTaskEventsBy,
  listTaskFilesAddedBy,
  listTasksAssignedTo,
  listTasksCreatedBy,
} from "./repo/personal-data.ts";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Tasks: what the person created, was assigned, attached and did. The files themselves reach the
 * zip through the files source (they are the person's uploads). Removal keeps all of it, as it is
 * the project's work: the tasks, their files and their history show "Deleted user" (the user row
 * stays, renamed); only the person's own seen-marks go.
 */
export const tasksPersonalData: PersonalDataSource = {
  name: "tasks",
  async export(db, subject) {
    const [created, assigned, attached, history] = await Promise.all([
      listTasksCreatedBy(db, subject.id),
      listTasksAssignedTo(db, subject.id),
      listTaskFilesAddedBy(db, subject.id),
      listTaskEventsBy(db, subject.id),
    ]);
    return {
      records: {
        tasks: created.map((row) => ({
          ...row,
          deadline: iso(row.deadline),
          createdAt: iso(row.createdAt),
          archivedAt: iso(row.archivedAt),
        })),
        tasksAssigned: assigned,
        taskDescriptionFiles: attached.map((row) => ({ ...row, addedAt: iso(row.addedAt) })),
        taskHistory: history.map((row) => ({ ...row, at: iso(row.at) })),
      },
    };
  },
  async erase(tx, subject) {
    await deleteTaskViewsOf(tx, subject.id);
    return {};
  },
};
