import { sql } from "drizzle-orm";
import { index, type PgColumn, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { tasks } from "./tasks.ts";
import { users } from "./users.ts";

/**
 * The conversation on a task itself (issue 29): threads one level deep, as on designs. A thread's
 * replies go with it. `mention_ids` are the team members the text names with @ (checked when
 * written); kept as an array since they are read only with their comment.
 */
export const taskComments = pgTable(
  "task_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): PgColumn => taskComments.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    mentionIds: uuid("mention_ids").array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    editedAt: msTimestamp("edited_at"),
  },
  (t) => [
    index("task_comments_task_idx").on(t.taskId, t.createdAt, t.id),
    index("task_comments_parent_idx").on(t.parentId),
    index("task_comments_author_idx").on(t.authorId),
  ],
);
