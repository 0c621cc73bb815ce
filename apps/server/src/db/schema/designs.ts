import { DESIGN_FEEDBACKS, type Pin } from "@atelier/shared";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { msTimestamp, orderKey } from "./columns.ts";
import { files } from "./files.ts";
import { designGuests } from "./guest-review.ts";
import { projects } from "./projects.ts";
import { tasks } from "./tasks.ts";
import { users } from "./users.ts";

/**
 * Designer files of a task, one row per version. A file's versions share `lineageId` (the first
 * version's id) and count up from 1; exactly one of them is `current`, and only current rows
 * carry a place in the task's order. Older versions stay with their comments and feedback.
 */
export const designerFiles = pgTable(
  "designer_files",
  {
    id: uuid("id").primaryKey(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    fileKey: text("file_key")
      .notNull()
      .references(() => files.key, { onDelete: "cascade" }),
    lineageId: uuid("lineage_id").notNull(),
    version: integer("version").notNull(),
    current: boolean("current").notNull().default(true),
    orderKey: orderKey("order_key").notNull(),
    addedById: uuid("added_by_id").references(() => users.id, { onDelete: "set null" }),
    /** decoded once when attached: false for damaged or unknown images (shown as a file card) */
    previewable: boolean("previewable").notNull(),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    /**
     * A video's poster: an image upload standing for its first frame (decision 058), captured in
     * the uploader's browser or made on the server by ffmpeg; null until one is set.
     */
    posterKey: text("poster_key").references(() => files.key, { onDelete: "set null" }),
  },
  (t) => [
    // An upload is one designer file (a key cannot be attached twice, on any task).
    uniqueIndex("designer_files_key_idx").on(t.fileKey),
    // A poster stands for one video; the index also serves the foreign key when an upload goes.
    uniqueIndex("designer_files_poster_idx").on(t.posterKey),
    uniqueIndex("designer_files_lineage_version_idx").on(t.lineageId, t.version),
    uniqueIndex("designer_files_lineage_current_idx").on(t.lineageId).where(sql`${t.current}`),
    // Not unique: a reorder rewrites several keys in one statement; writers of a task's files are
    // serialised by a lock on the task row, so no two of them choose keys at once.
    index("designer_files_task_idx").on(t.taskId, t.lineageId, t.version),
  ],
);

/** What each user has seen of one file version: the file itself and its comments up to a time. */
export const designerFileViews = pgTable(
  "designer_file_views",
  {
    designerFileId: uuid("designer_file_id")
      .notNull()
      .references(() => designerFiles.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileSeenAt: msTimestamp("file_seen_at"),
    /** comments created at or before this time count as seen */
    commentsSeenAt: msTimestamp("comments_seen_at"),
  },
  (t) => [primaryKey({ columns: [t.designerFileId, t.userId] })],
);

/** Comments on a file version; replies point at their thread's first comment (one level). */
export const fileComments = pgTable(
  "file_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    designerFileId: uuid("designer_file_id")
      .notNull()
      .references(() => designerFiles.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): PgColumn => fileComments.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** a guest reviewer wrote it (issue 23); `authorId` is then null */
    guestId: uuid("guest_id").references(() => designGuests.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    pin: jsonb("pin").$type<Pin>(),
    /** on a video: the moment the comment is about, in milliseconds from the start (decision 058) */
    atMs: integer("at_ms"),
    /** on a PDF, the page (1-based) the comment is on */
    page: integer("page"),
    active: boolean("active").notNull().default(true),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    editedAt: msTimestamp("edited_at"),
  },
  (t) => [
    index("file_comments_task_idx").on(t.taskId, t.createdAt, t.id),
    index("file_comments_file_idx").on(t.designerFileId),
    index("file_comments_parent_idx").on(t.parentId),
    index("file_comments_author_idx").on(t.authorId),
    index("file_comments_guest_idx").on(t.guestId),
  ],
);

/**
 * Uploads registered for comments of a project (`POST /v3/project/addChatFile`), then attached to
 * one comment: `commentId` is null until then.
 */
export const commentFiles = pgTable(
  "comment_files",
  {
    fileKey: text("file_key")
      .primaryKey()
      .references(() => files.key, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    addedById: uuid("added_by_id").references(() => users.id, { onDelete: "set null" }),
    commentId: uuid("comment_id").references(() => fileComments.id, { onDelete: "cascade" }),
    addedAt: msTimestamp("added_at").notNull().defaultNow(),
  },
  (t) => [index("comment_files_comment_idx").on(t.commentId)],
);

/** The latest feedback on a file version (a new one replaces it). */
export const designFeedback = pgTable("design_feedback", {
  designerFileId: uuid("designer_file_id")
    .primaryKey()
    .references(() => designerFiles.id, { onDelete: "cascade" }),
  userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
  feedback: text("feedback", { enum: DESIGN_FEEDBACKS }).notNull(),
  comment: text("comment"),
  createdAt: msTimestamp("created_at").notNull().defaultNow(),
});

/**
 * Zips of a task's current files, one per file list (`listHash`: a hash of the ordered keys).
 * `fileKey` is set, in one statement with the file's row, only once the zip is fully stored.
 */
export const designZips = pgTable(
  "design_zips",
  {
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    listHash: text("list_hash").notNull(),
    fileKey: text("file_key").references(() => files.key, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    readyAt: msTimestamp("ready_at"),
    /** files the job has written into the zip so far (the dialog's progress); all of them once built */
    filesWritten: integer("files_written").notNull().default(0),
    /**
     * The storage key the zip job is writing to, recorded before it writes: a retry after a run
     * that died removes what that run left there (decision 028); it becomes `fileKey` once built.
     */
    buildingKey: text("building_key"),
    /** the job whose run writes to `buildingKey` (a pg-boss job id) */
    buildingJobId: uuid("building_job_id"),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.listHash] })],
);
