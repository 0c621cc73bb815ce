import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { projectMembers, projects, sessions, tasks, twoFactorSecrets, users } from "../../db/schema/index.ts";
import type { PreloadedScope, RequestScope } from "./scope.ts";

type TaskRow = typeof tasks.$inferSelect;

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date; userAgent?: string | null; ip?: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of the user, but `exceptSessionId` when given (the one making the change). */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<void> {
  const ofUser = eq(sessions.userId, userId);
  await db.delete(sessions).where(exceptSessionId ? and(ofUser, ne(sessions.id, exceptSessionId)) : ofUser);
}

export async function touchSession(
  db: DbOrTx,
  sessionId: string,
  values: { expiresAt?: Date; lastSeenAt: Date },
): Promise<void> {
  await db.update(sessions).set(values).where(eq(sessions.id, sessionId));
}

export type SessionRow = typeof sessions.$inferSelect;

/** The user's live sessions, most recently seen first. */
export async function listUserSessions(db: DbOrTx, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Deletes one session of the user; false when it is not theirs or already gone. */
export async function deleteUserSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

const sessionFields = {
  sessionId: sessions.id,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
  id: users.id,
  role: users.role,
  email: users.email,
  name: users.name,
  surname: users.surname,
  // Staff who must use two-factor sign-in are held at enrolment until it is on.
  twoFactorOn: sql<boolean>`${twoFactorSecrets.enabledAt} is not null`,
};

const liveSessionWhere = and(
  eq(sessions.tokenHash, sql.placeholder("tokenHash")),
  gt(sessions.expiresAt, sql.placeholder("now")),
  isNull(users.deletedAt),
);

/**
 * The session lookup every authenticated call makes, prepared once per database: Drizzle builds
 * its SQL once and PostgreSQL plans it once per connection (DESIGN §10, hot calls).
 */
function prepareSessionLookup(db: DbOrTx, name: string) {
  return db
    .select(sessionFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, sessions.userId))
    .where(liveSessionWhere)
    .limit(1)
    .prepare(name);
}

/**
 * The same lookup for a call that names a project (and a task): the live project, the caller's
 * membership and the task of that project come in the same statement (see scope.ts).
 */
function prepareScopedSessionLookup(db: DbOrTx, name: string, withTask: boolean) {
  const projectOn = and(eq(projects.id, sql.placeholder("projectId")), isNull(projects.deletedAt));
  const memberOn = and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, sessions.userId));
  const base = db
    .select({
      ...sessionFields,
      project: projects,
      membership: projectMembers,
      ...(withTask ? { task: tasks } : {}),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, sessions.userId))
    .leftJoin(projects, projectOn)
    .leftJoin(projectMembers, memberOn)
    .$dynamic();
  const joined = withTask
    ? base.leftJoin(tasks, and(eq(tasks.id, sql.placeholder("taskId")), eq(tasks.projectId, projects.id)))
    : base;
  return joined.where(liveSessionWhere).limit(1).prepare(name);
}

function scopedLookupOf(db: DbOrTx, withTask: boolean) {
  const name = withTask ? "auth_session_task_lookup" : "auth_session_project_lookup";
  return preparedOnce(db, name, (db, name) => prepareScopedSessionLookup(db, name, withTask));
}

/** The live session with this token hash and its active user (and whether their 2FA is on), or undefined. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  // Placeholders skip the column's value mapping, so the time goes in as the text PostgreSQL reads.
  const [row] = await preparedOnce(db, "auth_session_lookup", prepareSessionLookup).execute({
    tokenHash,
    now: now.toISOString(),
  });
  return row;
}

/** `findLiveSession` with the rows of the project (and task) the call names, or undefined without a session. */
export async function findLiveSessionWithScope(db: DbOrTx, tokenHash: string, now: Date, scope: RequestScope) {
  const values = { tokenHash, now: now.toISOString(), projectId: scope.projectId, taskId: scope.taskId ?? null };
  const [row] = await scopedLookupOf(db, Boolean(scope.taskId)).execute(values);
  if (!row) return undefined;
  const { project, membership, task, ...session } = row as typeof row & { task?: TaskRow | null };
  const preloaded: PreloadedScope = {
    projectId: scope.projectId,
    taskId: scope.taskId,
    project,
    membership,
    task: task ?? null,
  };
  return { session, preloaded };
}
