import { REVIEW_DECISIONS, REVIEW_ROUND_RULES, REVIEW_ROUND_STATES } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { designerFiles } from "./designs.ts";
import { designGuests } from "./guest-review.ts";
import { tasks } from "./tasks.ts";
import { users } from "./users.ts";

/**
 * Review rounds (issue 23, part 4): designs of a task sent to reviewers by a due day. At most one
 * round of a task is open; `number` counts a task's rounds from 1.
 */
export const reviewRounds = pgTable(
  "review_rounds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    rule: text("rule", { enum: REVIEW_ROUND_RULES }).notNull(),
    state: text("state", { enum: REVIEW_ROUND_STATES }).notNull().default("open"),
    /** the due day's end (23:59:59 UTC), as task deadlines */
    dueAt: msTimestamp("due_at").notNull(),
    sentById: uuid("sent_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    closedAt: msTimestamp("closed_at"),
  },
  (t) => [
    uniqueIndex("review_rounds_task_number_idx").on(t.taskId, t.number),
    // One open round per task: the round decides the task's approval, so two would disagree.
    uniqueIndex("review_rounds_open_task_idx").on(t.taskId).where(sql`${t.state} = 'open'`),
    // The reminder tick reads open rounds by due day.
    index("review_rounds_open_due_idx").on(t.dueAt).where(sql`${t.state} = 'open'`),
  ],
);

/** The designer file versions a round was sent with. */
export const reviewRoundDesigns = pgTable(
  "review_round_designs",
  {
    roundId: uuid("round_id")
      .notNull()
      .references(() => reviewRounds.id, { onDelete: "cascade" }),
    designerFileId: uuid("designer_file_id")
      .notNull()
      .references(() => designerFiles.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.designerFileId] }),
    index("review_round_designs_file_idx").on(t.designerFileId),
  ],
);

/**
 * The people asked in a round and their decision (null while pending). A reviewer is one identity,
 * held by the check: a member's account or a guest who used one of the task's links (059).
 */
export const reviewRoundReviewers = pgTable(
  "review_round_reviewers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    roundId: uuid("round_id")
      .notNull()
      .references(() => reviewRounds.id, { onDelete: "cascade" }),
    reviewerUserId: uuid("reviewer_user_id").references(() => users.id, { onDelete: "cascade" }),
    reviewerGuestId: uuid("reviewer_guest_id").references(() => designGuests.id, { onDelete: "cascade" }),
    /** the order they were asked in */
    position: integer("position").notNull(),
    decision: text("decision", { enum: REVIEW_DECISIONS }),
    comment: text("comment"),
    decidedAt: msTimestamp("decided_at"),
    /** when the due-day reminder was mailed (once per reviewer and round) */
    remindedAt: msTimestamp("reminded_at"),
  },
  (t) => [
    check("review_round_reviewers_one_identity", sql`num_nonnulls(${t.reviewerUserId}, ${t.reviewerGuestId}) = 1`),
    uniqueIndex("review_round_reviewers_user_idx").on(t.roundId, t.reviewerUserId),
    uniqueIndex("review_round_reviewers_guest_idx").on(t.roundId, t.reviewerGuestId),
    index("review_round_reviewers_user_lookup_idx").on(t.reviewerUserId),
  ],
);
