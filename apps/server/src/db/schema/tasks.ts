import { TASK_PRIORITIES, TASK_STATUSES } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { msTimestamp, orderKey } from "./columns.ts";
import { files } from "./files.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * Sort ranks, derived by the database so no writer can let them drift. Higher comes first:
 * urgent → low; in review (waiting for the customer) → in progress → to do → approved (done).
 */
const priorityRank = sql`case "priority" when 'urgent' then 3 when 'high' then 2 when 'medium' then 1 else 0 end`;
const statusRank = sql`case "status" when 'review' then 3 when 'inProgress' then 2 when 'todo' then 1 else 0 end`;

export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("todo"),
    statusRank: smallint("status_rank").notNull().generatedAlwaysAs(statusRank),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("medium"),
    priorityRank: smallint("priority_rank").notNull().generatedAlwaysAs(priorityRank),
    designerId: uuid("designer_id").references(() => users.id, { onDelete: "set null" }),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    /** position in the project's custom order; unique among the project's active tasks */
    customSortIndex: orderKey("custom_sort_index").notNull(),
    /** the end of the chosen day (23:59:59 UTC); null for none (the API's 0) */
    deadline: msTimestamp("deadline"),
    estimatedTimeOfCompletion: integer("estimated_time_of_completion"),
    estimatedWork: integer("estimated_work"),
    /** when work started (to do → in progress): a task without a deadline is scheduled from here */
    startedAt: msTimestamp("started_at"),
    /** null while the task is on the active list */
    archivedAt: msTimestamp("archived_at"),
    archived: boolean("archived").notNull().generatedAlwaysAs(sql`archived_at is not null`),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    updatedAt: msTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One index per sort of a project's active list (DESIGN §10), each ending in the keyset's tie-breaker.
    index("tasks_project_created_idx")
      .on(t.projectId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    index("tasks_project_priority_idx")
      .on(t.projectId, t.priorityRank.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    index("tasks_project_status_idx")
      .on(t.projectId, t.statusRank.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is null`),
    uniqueIndex("tasks_project_custom_idx").on(t.projectId, t.customSortIndex).where(sql`${t.archivedAt} is null`),
    // The archived list: most recently archived first.
    index("tasks_project_archived_idx")
      .on(t.projectId, t.archivedAt.desc(), t.id.desc())
      .where(sql`${t.archivedAt} is not null`),
    // The dashboard walks tasks with a deadline (soonest first), then those without (newest first),
    // across projects (staff) or across the designer's own tasks. The title search index (pg_trgm)
    // is in the custom migration 0006_tasks_title_search, as it needs the extension first.
    // Both end in the project and title (ordering nothing after the unique id), so a searched page
    // walks the index alone, matching titles and reaching the project without a heap row per task.
    index("tasks_dashboard_deadline_idx")
      .on(t.archived, t.deadline, t.id, t.projectId, t.title)
      .where(sql`${t.deadline} is not null`),
    index("tasks_dashboard_undated_idx")
      .on(t.archived, t.createdAt.desc(), t.id.desc(), t.projectId, t.title)
      .where(sql`${t.deadline} is null`),
    index("tasks_designer_deadline_idx")
      .on(t.designerId, t.archived, t.deadline, t.id)
      .where(sql`${t.deadline} is not null`),
    // A designer's counts per status (the dashboard's, the designer list's open tasks), index-only.
    index("tasks_designer_status_idx").on(t.designerId, t.archived, t.status),
    index("tasks_designer_undated_idx")
      .on(t.designerId, t.archived, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deadline} is null`),
    // The schedule: a designer's open tasks in its order, holding every field it shows, so a page of
    // designers is one index-only walk rather than a heap page per task. The columns after `id` never
    // order anything (id is unique); they are keys only because Drizzle cannot write INCLUDE.
    index("tasks_designer_schedule_idx")
      .on(
        t.designerId,
        t.deadline,
        t.startedAt,
        t.id,
        t.createdAt,
        t.status,
        t.projectId,
        t.estimatedWork,
        t.estimatedTimeOfCompletion,
        t.title,
      )
      .where(sql`${t.archived} = false and ${t.status} in ('todo', 'inProgress')`),
  ],
);

/** Files attached to a task's description: uploads made by whoever attached them. */
export const taskFiles = pgTable(
  "task_files",
  {
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    fileKey: text("file_key")
      .notNull()
      .references(() => files.key, { onDelete: "cascade" }),
    addedById: uuid("added_by_id").references(() => users.id, { onDelete: "set null" }),
    addedAt: msTimestamp("added_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.fileKey] })],
);

/**
 * What each user has seen of a task (`designsAndCommentsSeen` is per user, DESIGN §3). No row
 * means nothing new; the designs and comments features write false for the others when files or
 * comments arrive, and `POST /v3/project/task/seen` writes true.
 */
export const taskViews = pgTable(
  "task_views",
  {
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    designsAndCommentsSeen: boolean("designs_and_comments_seen").notNull().default(true),
    updatedAt: msTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    // A person's unseen tasks (the projects list's markers): few rows, walked newest first.
    index("task_views_user_unseen_idx").on(t.userId, t.updatedAt.desc()).where(sql`not ${t.designsAndCommentsSeen}`),
  ],
);
