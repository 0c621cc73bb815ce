import type { RawSql } from "./database.ts";

/**
 * Issue 9: "the unread count is maintained, not recounted per request". The badge's call reads
 * `notification_states.unread_count` (raised with each notification row, lowered by "seen", in
 * the change's transaction). After the bench's burst of concurrent writers, each team member's
 * kept count must still equal their unread rows, counted here once.
 */
export async function printUnreadCheck(raw: RawSql, projectId: string): Promise<boolean> {
  const [row] = await raw.query(
    `select count(*)::int as members,
       count(*) filter (where s.unread_count = (select count(*) from notifications n
         where n.user_id = m.user_id and n.seen_at is null))::int as matching,
       min(s.unread_count)::int as fewest
     from project_members m join notification_states s on s.user_id = m.user_id
     where m.project_id = $1`,
    [projectId],
  );
  const members = Number(row?.members);
  const matching = Number(row?.matching);
  console.log(
    `  unread counts: kept on notification_states, never counted per request; after the run ${matching} of ${members}` +
      ` members' kept counts equal their unread rows (${row?.fewest} or more each)`,
  );
  return members > 0 && matching === members;
}
