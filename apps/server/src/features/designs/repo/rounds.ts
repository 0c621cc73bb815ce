import type { ReviewDecision, ReviewRoundRule, ReviewRoundState } from "@atelier/shared";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  designerFiles,
  designGuests,
  files,
  projectMembers,
  reviewRoundDesigns,
  reviewRoundReviewers,
  reviewRounds,
  tasks,
  users,
} from "../../../db/schema/index.ts";

/**
 * Locks the task's row (as its design writers do) and reads its state under the lock: sending a
 * round and moving the task's status are serialised, so an open round always has a task in review.
 */
export async function lockTaskForRound(db: DbOrTx, taskId: string) {
  const [row] = await db
    .select({ status: tasks.status, archivedAt: tasks.archivedAt, designerId: tasks.designerId })
    .from(tasks)
    .where(eq(tasks.id, taskId))
    .for("update");
  return row ?? null;
}

/** One round as the task's rounds list reads it: its designs and reviewers aggregated. */
export interface RoundRow {
  id: string;
  number: number;
  rule: ReviewRoundRule;
  state: ReviewRoundState;
  dueAt: number;
  sentAt: number;
  closedAt: number | null;
  senderName: string | null;
  senderSurname: string | null;
  designs: { uuid: string; name: string; version: number }[];
  reviewers: {
    userId: string | null;
    guestId: string | null;
    name: string | null;
    surname: string | null;
    decision: ReviewDecision | null;
    comment: string | null;
    decidedAt: number | null;
  }[];
}

interface RawRoundRow {
  id: string;
  number: number;
  rule: ReviewRoundRule;
  state: ReviewRoundState;
  due_ms: string;
  sent_ms: string;
  closed_ms: string | null;
  sender_name: string | null;
  sender_surname: string | null;
  designs: RoundRow["designs"];
  reviewers: RoundRow["reviewers"];
}

const ms = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::bigint`);

/** A task's rounds, newest first, with designs and reviewers, in one statement. */
export async function listRoundRows(db: DbOrTx, taskId: string): Promise<RoundRow[]> {
  const result = await db.execute(sql`
    select r.id, r.number, r.rule, r.state, ${ms("r.due_at")} as due_ms, ${ms("r.created_at")} as sent_ms,
      ${ms("r.closed_at")} as closed_ms, s.name as sender_name, s.surname as sender_surname,
      coalesce((select json_agg(json_build_object('uuid', df.id, 'name', f.original_name, 'version', df.version)
          order by df.order_key collate "C", df.id)
        from ${reviewRoundDesigns} rd join ${designerFiles} df on df.id = rd.designer_file_id
          join ${files} f on f.key = df.file_key
        where rd.round_id = r.id), '[]'::json) as designs,
      coalesce((select json_agg(json_build_object('userId', rr.reviewer_user_id,
            'guestId', rr.reviewer_guest_id, 'name', coalesce(u.name, g.name),
            'surname', u.surname, 'decision', rr.decision, 'comment', rr.comment,
            'decidedAt', ${ms("rr.decided_at")}) order by rr.position)
        from ${reviewRoundReviewers} rr left join ${users} u on u.id = rr.reviewer_user_id
          left join ${designGuests} g on g.id = rr.reviewer_guest_id
        where rr.round_id = r.id), '[]'::json) as reviewers
    from ${reviewRounds} r left join ${users} s on s.id = r.sent_by_id
    where r.task_id = ${taskId}
    order by r.number desc`);
  return (result as unknown as { rows: RawRoundRow[] }).rows.map((row) => ({
    id: row.id,
    number: row.number,
    rule: row.rule,
    state: row.state,
    dueAt: Number(row.due_ms),
    sentAt: Number(row.sent_ms),
    closedAt: row.closed_ms === null ? null : Number(row.closed_ms),
    senderName: row.sender_name,
    senderSurname: row.sender_surname,
    designs: row.designs,
    reviewers: row.reviewers.map((reviewer) => ({
      ...reviewer,
      decidedAt: reviewer.decidedAt === null ? null : Number(reviewer.decidedAt),
    })),
  }));
}

/** How many rounds the task has had, and its open one (if any). */
export async function roundCounts(db: DbOrTx, taskId: string): Promise<{ total: number; openId: string | null }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      openId: sql<string | null>`(array_agg(${reviewRounds.id}) filter (where ${reviewRounds.state} = 'open'))[1]`,
    })
    .from(reviewRounds)
    .where(eq(reviewRounds.taskId, taskId));
  return { total: row?.total ?? 0, openId: row?.openId ?? null };
}

/** The task's open round, if any. */
export async function findOpenRound(db: DbOrTx, taskId: string) {
  const [row] = await db
    .select({ id: reviewRounds.id, number: reviewRounds.number })
    .from(reviewRounds)
    .where(and(eq(reviewRounds.taskId, taskId), eq(reviewRounds.state, "open")))
    .limit(1);
  return row ?? null;
}

/**
 * A round of the task, locked until the transaction ends: decisions on one round are taken one
 * at a time, so two last approvals cannot each see the other pending.
 */
export async function lockRound(db: DbOrTx, taskId: string, roundId: string) {
  const [row] = await db
    .select({
      id: reviewRounds.id,
      number: reviewRounds.number,
      rule: reviewRounds.rule,
      state: reviewRounds.state,
      sentById: reviewRounds.sentById,
    })
    .from(reviewRounds)
    .where(and(eq(reviewRounds.taskId, taskId), eq(reviewRounds.id, roundId)))
    .for("update");
  return row ?? null;
}
export type LockedRound = NonNullable<Awaited<ReturnType<typeof lockRound>>>;

export async function insertRound(
  db: DbOrTx,
  values: {
    taskId: string;
    number: number;
    rule: ReviewRoundRule;
    dueAt: Date;
    sentById: string;
    designerFileIds: readonly string[];
    reviewerUserIds: readonly string[];
    /** asked after the members, in the order given */
    reviewerGuestIds: readonly string[];
  },
): Promise<string> {
  const [round] = await db
    .insert(reviewRounds)
    .values({
      taskId: values.taskId,
      number: values.number,
      rule: values.rule,
      dueAt: values.dueAt,
      sentById: values.sentById,
    })
    .returning({ id: reviewRounds.id });
  if (!round) throw new Error("insert returned no round");
  await db
    .insert(reviewRoundDesigns)
    .values(values.designerFileIds.map((designerFileId) => ({ roundId: round.id, designerFileId })));
  const members = values.reviewerUserIds.map((reviewerUserId) => ({ reviewerUserId }));
  const guests = values.reviewerGuestIds.map((reviewerGuestId) => ({ reviewerGuestId }));
  await db
    .insert(reviewRoundReviewers)
    .values([...members, ...guests].map((identity, position) => ({ roundId: round.id, ...identity, position })));
  return round.id;
}

/** The reviewers of a round with their decisions (null: pending). */
export async function roundDecisions(db: DbOrTx, roundId: string) {
  return db
    .select({
      userId: reviewRoundReviewers.reviewerUserId,
      guestId: reviewRoundReviewers.reviewerGuestId,
      decision: reviewRoundReviewers.decision,
    })
    .from(reviewRoundReviewers)
    .where(eq(reviewRoundReviewers.roundId, roundId));
}

/** Records a reviewer's decision in the round (a member or a guest); false when they are not one of its reviewers. */
export async function recordDecision(
  db: DbOrTx,
  values: {
    roundId: string;
    reviewer: { userId: string } | { guestId: string };
    decision: ReviewDecision;
    comment: string | null;
  },
): Promise<boolean> {
  const who =
    "userId" in values.reviewer
      ? eq(reviewRoundReviewers.reviewerUserId, values.reviewer.userId)
      : eq(reviewRoundReviewers.reviewerGuestId, values.reviewer.guestId);
  const rows = await db
    .update(reviewRoundReviewers)
    .set({ decision: values.decision, comment: values.comment, decidedAt: new Date() })
    .where(and(eq(reviewRoundReviewers.roundId, values.roundId), who))
    .returning({ id: reviewRoundReviewers.id });
  return rows.length > 0;
}

export async function closeRound(db: DbOrTx, roundId: string, state: Exclude<ReviewRoundState, "open">) {
  await db.update(reviewRounds).set({ state, closedAt: new Date() }).where(eq(reviewRounds.id, roundId));
}

/** The active members of the project's team with their names (who may be asked to review). */
export async function listTeamCandidates(db: DbOrTx, projectId: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      surname: users.surname,
      projectRole: projectMembers.projectRole,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(eq(projectMembers.projectId, projectId), eq(projectMembers.active, true), sql`${users.deletedAt} is null`),
    )
    .orderBy(users.name, users.surname, users.id);
}

/** Current designer file versions of the task among the ids given. */
export async function currentDesignIds(db: DbOrTx, taskId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: designerFiles.id })
    .from(designerFiles)
    .where(
      and(
        eq(designerFiles.taskId, taskId),
        eq(designerFiles.current, true),
        sql`${designerFiles.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}
