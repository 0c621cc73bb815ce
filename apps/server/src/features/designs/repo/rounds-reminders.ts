import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  designGuests,
  guestShares,
  projectMembers,
  projects,
  reviewRoundReviewers,
  reviewRounds,
  tasks,
  users,
} from "../../../db/schema/index.ts";

export interface ReminderRow {
  /** set for a guest reviewer (their e-mail carries an unsubscribe link and no task link) */
  guestId: string | null;
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
  guest_id: string | null;
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
 * the day before has just had the request), and were not reminded: members still on the team, and
 * guests whose link still works and who did not unsubscribe from our e-mails (decision 059).
 * Rows another tick holds are skipped, so two instances never mail one reminder twice.
 */
export async function claimDueReminders(db: DbOrTx, now: Date, limit: number): Promise<ReminderRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with due as (
      select rr.id, g.id as guest_id, coalesce(u.email, g.email) as email, coalesce(u.name, g.name) as name,
        t.id as task_id, t.title as task_title, p.id as project_id, p.name as project_name, r.number as round_number,
        (extract(epoch from r.due_at) * 1000)::bigint as due_ms
      from ${reviewRoundReviewers} rr
        join ${reviewRounds} r on r.id = rr.round_id
        join ${tasks} t on t.id = r.task_id
        join ${projects} p on p.id = t.project_id
        left join ${users} u on u.id = rr.reviewer_user_id
        left join ${designGuests} g on g.id = rr.reviewer_guest_id
        left join ${guestShares} gs on gs.id = g.share_id
      where r.state = 'open' and rr.decision is null and rr.reminded_at is null
        and ((u.id is not null and u.deleted_at is null and exists (select 1 from ${projectMembers} pm
              where pm.project_id = p.id and pm.user_id = u.id and pm.active))
          or (g.id is not null and g.unsubscribed_at is null and gs.revoked_at is null
              and (gs.expires_at is null or gs.expires_at > ${at})))
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
    select guest_id, email, name, task_id, task_title, project_id, project_name, round_number, due_ms
    from due where id in (select id from marked)`);
  return (result as unknown as { rows: RawReminderRow[] }).rows.map((row) => ({
    guestId: row.guest_id,
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
