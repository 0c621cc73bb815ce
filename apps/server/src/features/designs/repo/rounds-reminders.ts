import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  projectMembers,
  projects,
  reviewRoundReviewers,
  reviewRounds,
  tasks,
  users,
} from "../../../db/schema/index.ts";

export interface ReminderRow {
  email: string;
  name: string;
  taskId: string;
  taskTitle: string;
  projectId: string;
  projectName: string;
  roundNumber: number;
  dueAt: number;
}

interface RawReminderRow {
  email: string;
  name: string;
  task_id: string;
  task_title: string;
  project_id: string;
  project_name: string;
  round_number: number;
  due_ms: string;
}

/**
 * Claims the reminders due at `now`, at most `limit`, marking them sent in the same statement:
 * the reviewers still pending in an open round whose due day is tomorrow (from the start of the
 * UTC day before it until the due time), who were asked before that day began (someone asked on
 * the day before has just had the request), who are still on the team, and were not reminded.
 * Rows another tick holds are skipped, so two instances never mail one reminder twice.
 */
export async function claimDueReminders(db: DbOrTx, now: Date, limit: number): Promise<ReminderRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with due as (
      select rr.id, u.email, u.name, t.id as task_id, t.title as task_title, p.id as project_id,
        p.name as project_name, r.number as round_number,
        (extract(epoch from r.due_at) * 1000)::bigint as due_ms
      from ${reviewRoundReviewers} rr
        join ${reviewRounds} r on r.id = rr.round_id
        join ${tasks} t on t.id = r.task_id
        join ${projects} p on p.id = t.project_id
        join ${users} u on u.id = rr.reviewer_user_id
        join ${projectMembers} pm on pm.project_id = p.id and pm.user_id = u.id and pm.active
      where r.state = 'open' and rr.decision is null and rr.reminded_at is null and u.deleted_at is null
        and t.archived_at is null and p.deleted_at is null
        and r.due_at > ${at}
        and ((date_trunc('day', r.due_at at time zone 'UTC') - interval '1 day') at time zone 'UTC') <= ${at}
        and r.created_at < ((date_trunc('day', r.due_at at time zone 'UTC') - interval '1 day') at time zone 'UTC')
      order by r.due_at, rr.id
      limit ${limit}
      for update of rr skip locked
    ), marked as (
      update ${reviewRoundReviewers} set reminded_at = ${at} from due where ${reviewRoundReviewers.id} = due.id
      returning ${reviewRoundReviewers.id}
    )
    select email, name, task_id, task_title, project_id, project_name, round_number, due_ms
    from due where id in (select id from marked)`);
  return (result as unknown as { rows: RawReminderRow[] }).rows.map((row) => ({
    email: row.email,
    name: row.name,
    taskId: row.task_id,
    taskTitle: row.task_title,
    projectId: row.project_id,
    projectName: row.project_name,
    roundNumber: row.round_number,
    dueAt: Number(row.due_ms),
  }));
}
