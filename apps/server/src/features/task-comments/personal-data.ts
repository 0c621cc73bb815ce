import { asc, eq } from "drizzle-orm";
import type { PersonalDataSource } from "../../core/personal-data.ts";
import { taskComments, tasks } from "../../db/schema/index.ts";

/**
 * The person's comments in task conversations are exported. Nothing is erased, as for design
 * comments: the conversation is the project's; the author's name comes from the anonymised user.
 */
export const taskCommentsPersonalData: PersonalDataSource = {
  name: "taskComments",
  async export(db, subject) {
    const rows = await db
      .select({
        id: taskComments.id,
        projectId: tasks.projectId,
        taskId: taskComments.taskId,
        taskTitle: tasks.title,
        replyTo: taskComments.parentId,
        comment: taskComments.body,
        createdAt: taskComments.createdAt,
        editedAt: taskComments.editedAt,
      })
      .from(taskComments)
      .innerJoin(tasks, eq(tasks.id, taskComments.taskId))
      .where(eq(taskComments.authorId, subject.id))
      .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return {
      records: {
        taskComments: rows.map((row) => ({ ...row, createdAt: iso(row.createdAt), editedAt: iso(row.editedAt) })),
      },
    };
  },
  async erase() {
    return {};
  },
};
