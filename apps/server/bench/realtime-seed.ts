import { createSession } from "../src/core/sessions/service.ts";
import type { Db } from "../src/db/client.ts";
import type { RawSql } from "./database.ts";
import type { Actor } from "./seed.ts";

export interface RealtimeCast {
  /** an admin, not on the team: every member but them is notified of what they post */
  poster: Actor;
  /** the project's team, who hold the streams */
  members: Actor[];
  projectId: string;
}

/** The team of the bench project: the roles a real team has, each notified of a new task. */
const TEAM = ["owner", "editor", "editor", "viewer", "viewer", "viewer", "designer", "designer", "projectManager"];

/**
 * What the realtime part needs and no more: an admin, a team of people and their project, each
 * with a session (a few rows, not the 20k-user workspace, so BENCH_ONLY=realtime starts at once).
 */
export async function seedRealtimeCast(db: Db, raw: RawSql): Promise<RealtimeCast> {
  const person = async (role: string, index: number): Promise<Actor> => {
    const [row] = await raw.query(
      `insert into users (email, name, surname, role, password_hash)
       values ($1, 'Rita', $2, $3, 'not-a-password-hash') returning id::text as id`,
      [`realtime${index}-${Date.now()}@bench.test`, `Streamer${index}`, role],
    );
    const id = String(row?.id);
    return { id, token: await createSession(db, id) };
  };
  const poster = await person("admin", 0);
  const members: Actor[] = [];
  for (const [index, projectRole] of TEAM.entries()) {
    const role =
      projectRole === "designer" ? "designer" : projectRole === "projectManager" ? "projectManager" : "customer";
    members.push(await person(role, index + 1));
  }
  const [project] = await raw.query(
    "insert into projects (name, owner_id) values ('Realtime bench', $1) returning id::text as id",
    [members[0]?.id],
  );
  const projectId = String(project?.id);
  for (const [index, member] of members.entries()) {
    await raw.query("insert into project_members (project_id, user_id, project_role) values ($1, $2, $3)", [
      projectId,
      member.id,
      TEAM[index],
    ]);
  }
  return { poster, members, projectId };
}
