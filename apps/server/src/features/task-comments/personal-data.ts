import type { PersonalDataSource } from "../../core/personal-data.ts";
import { listTaskCommentsBy } from "./repo/comments.ts";

/**
 * The person's comments in task conversations are exported. Nothing is erased, as for design
 * comments: the conversation is the project's; the author's name comes from the anonymised user.
 */
export const taskCommentsPersonalData: PersonalDataSource = {
  name: "taskComments",
  async export(db, subject) {
    const rows = await listTaskCommentsBy(db, subject.id);
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
