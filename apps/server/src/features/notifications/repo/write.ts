import type { NotificationAudience, NotificationKind } from "@atelier/shared";
import { type SQL, sql } from "drizzle-orm";
import { events, notificationStates, notifications, projectMembers, tasks, users } from "../../../db/schema/index.ts";

/** One notifying event of a unit of work as the rules read it; its recipients come from the database. */
export interface NotificationSpec {
  /** the event's place among the unit's events (1-based), to join it once numbered */
  ord: number;
  projectId: string;
  actorId: string | null;
  /** the project's active members, or every admin (who is on no team) */
  audience: NotificationAudience;
  kind: NotificationKind;
  taskId: string | null;
  /** shown when the task has no row (any more): the title the payload carries */
  payloadTitle: string;
  fileName: string | null;
  designUuid: string | null;
  versionUuid: string | null;
  commentId: string | null;
  text: string;
  /** texts for particular recipients by user id (the mentioned, the author replied to) */
  textFor: Record<string, string>;
}

/**
 * The notification writes of a unit of work, as parts of its events' statement
 * (core/events/repo.ts): one row per active, not removed member of each event's project but its
 * actor (or, for an admins' event, one per admin but its actor), with the task's title as it is now; each recipient's unread count raised by as many; and
 * the recipient's digest claimed when they want e-mail and none is queued (`digest_pending`).
 * The upsert sees each state row as it is after any concurrent writer committed, so exactly one
 * writer claims: it stamps `digest_claim` with its own `token` and its RETURNING tells it so.
 * The last part answers the claimed recipients (`userId`, `lastDigestMs`). Rows are upserted in
 * user id order, so two writers notifying the same people lock them in the same order.
 */
export function notificationWriteParts(
  specs: readonly NotificationSpec[],
  written: SQL,
  token: string,
): Array<{ name: string; body: SQL }> {
  return [
    {
      name: "notification_rows",
      body: sql`
        insert into ${notifications} (user_id, project_id, event_id, actor_id, kind, task_id, task_title, file_name,
          design_uuid, version_uuid, comment_id, text, created_at)
        select r.user_id, s."projectId", w.id, s."actorId", s.kind, s."taskId", coalesce(t.title, s."payloadTitle"),
          s."fileName", s."designUuid", s."versionUuid", s."commentId", coalesce(s."textFor" ->> r.user_id::text, s.text),
          w.created_at
        from jsonb_to_recordset(${JSON.stringify(specs)}::jsonb) as s(ord int, "projectId" uuid, "actorId" uuid,
            audience text, kind text, "taskId" uuid, "payloadTitle" text, "fileName" text, "designUuid" uuid,
            "versionUuid" uuid, "commentId" uuid, text text, "textFor" jsonb)
          join ${written} w on w.ord = s.ord
          cross join lateral (
            select m.user_id from ${projectMembers} m
            where s.audience = 'team' and m.project_id = s."projectId" and m.active
            union all
            select a.id from ${users} a where s.audience = 'admins' and a.role = 'admin'
          ) r
          join ${users} u on u.id = r.user_id and u.deleted_at is null
          left join ${tasks} t on t.id = s."taskId"
        where r.user_id is distinct from s."actorId"
        returning user_id`,
    },
    {
      name: "notification_counts",
      body: sql`
        insert into ${notificationStates} as ns (user_id, unread_count, digest_pending, digest_claim)
        select user_id, count(*)::int, true, ${token}::uuid from notification_rows group by user_id order by user_id
        on conflict (user_id) do update set
          unread_count = ns.unread_count + excluded.unread_count,
          digest_pending = ns.digest_pending or ns.email_digest,
          digest_claim = case when ns.email_digest and not ns.digest_pending then excluded.digest_claim else ns.digest_claim end
        returning user_id, last_digest_at, email_digest and digest_claim is not distinct from ${token}::uuid as claimed`,
    },
    {
      name: "notification_claims",
      body: sql`
        select user_id as "userId", (extract(epoch from last_digest_at) * 1000)::bigint as "lastDigestMs"
        from notification_counts where claimed`,
    },
  ];
}

/**
 * The writes that take notifications back (a removed comment leaves the feed), as parts of the
 * events' statement: the notifications of the earlier events about these subjects go, and their
 * recipients' unread counts drop by the unread ones among them.
 */
export function notificationRetractionParts(
  retractions: ReadonlyArray<{ subjectType: string; subjectIds: readonly string[] }>,
): Array<{ name: string; body: SQL }> {
  const subjects = retractions.flatMap((r) => r.subjectIds.map((id) => ({ type: r.subjectType, id })));
  return [
    {
      name: "notification_retracted",
      body: sql`
        delete from ${notifications} n using ${events} e,
          jsonb_to_recordset(${JSON.stringify(subjects)}::jsonb) as s(type text, id text)
        where e.subject_type = s.type and e.subject_id = s.id and n.event_id = e.id
        returning n.user_id, n.seen_at`,
    },
    {
      name: "notification_uncounted",
      body: sql`
        update ${notificationStates} ns set unread_count = greatest(ns.unread_count - gone.n, 0)
        from (select user_id, count(*)::int as n from notification_retracted where seen_at is null
          group by user_id order by user_id) gone
        where ns.user_id = gone.user_id
        returning ns.user_id`,
    },
  ];
}
