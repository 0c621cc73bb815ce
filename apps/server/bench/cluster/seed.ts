import { createSession } from "../../src/core/sessions/service.ts";
import type { Db } from "../../src/db/client.ts";
import { makeImage, multipartFile } from "../../test/multipart.ts";
import type { RawSql } from "../database.ts";
import { type HttpClient, okJson } from "./http.ts";

/** A signed-in person of the bench: one load client each. */
export interface Member {
  id: string;
  token: string;
  projectId: string;
}

export interface ClusterProject {
  id: string;
  taskIds: string[];
  /** the task holding the design the comments go on */
  designTaskId: string;
  designerFileUuid: string;
}

export interface ClusterCast {
  admin: Member;
  members: Member[];
  projects: ClusterProject[];
}

/** Each project's team: an owner, an editor, two viewers and its designer (five load clients). */
const TEAM = [
  { role: "customer", projectRole: "owner" },
  { role: "customer", projectRole: "editor" },
  { role: "customer", projectRole: "viewer" },
  { role: "customer", projectRole: "viewer" },
  { role: "designer", projectRole: "designer" },
] as const;
const TASKS_PER_PROJECT = 4;

/**
 * People, projects and sessions in SQL (a few hundred rows); tasks and one design per project
 * through the API, so their rows are what the app writes.
 */
export async function seedCluster(options: {
  db: Db;
  raw: RawSql;
  api: HttpClient;
  clients: number;
}): Promise<ClusterCast> {
  const { db, raw, api } = options;
  const stamp = Date.now();
  const person = async (role: string, label: string): Promise<{ id: string; token: string }> => {
    const [row] = await raw.query(
      `insert into users (email, name, surname, role, password_hash)
       values ($1, 'Cleo', $2, $3, 'not-a-password-hash') returning id::text as id`,
      [`${label}-${stamp}@cluster.test`, `Cluster${label}`, role],
    );
    const id = String(row?.id);
    return { id, token: await createSession(db, id) };
  };
  const admin = { ...(await person("admin", "admin")), projectId: "" };
  const projectCount = Math.max(1, Math.ceil(options.clients / TEAM.length));
  const members: Member[] = [];
  const projects: ClusterProject[] = [];
  const image = await makeImage("png", 640, 400);
  for (let p = 0; p < projectCount; p += 1) {
    const team: Member[] = [];
    for (const [index, seat] of TEAM.entries()) {
      team.push({ ...(await person(seat.role, `p${p}m${index}`)), projectId: "" });
    }
    const [project] = await raw.query(
      "insert into projects (name, owner_id) values ($1, $2) returning id::text as id",
      [`Cluster project ${p + 1}`, team[0]?.id],
    );
    const projectId = String(project?.id);
    for (const [index, member] of team.entries()) {
      member.projectId = projectId;
      await raw.query("insert into project_members (project_id, user_id, project_role) values ($1, $2, $3)", [
        projectId,
        member.id,
        TEAM[index]?.projectRole,
      ]);
    }
    members.push(...team);
    const taskIds: string[] = [];
    for (let t = 0; t < TASKS_PER_PROJECT; t += 1) {
      const task = okJson<{ id: string }>(
        await api.request({
          method: "POST",
          path: "/v3/project/task",
          token: admin.token,
          json: { projectId, title: `Cluster task ${t + 1}`, description: "Seeded for the cluster bench." },
        }),
        "create task",
      );
      taskIds.push(task.id);
    }
    const designTaskId = taskIds[0] as string;
    const upload = multipartFile({ content: image, filename: "design.png", contentType: "image/png" });
    const { key } = okJson<{ key: string }>(
      await api.request({
        method: "POST",
        path: "/upload/file?purpose=design",
        token: admin.token,
        body: upload.payload,
        headers: upload.headers,
      }),
      "upload design",
    );
    const designs = okJson<{ designerFileList: { uuid: string }[] }>(
      await api.request({
        method: "POST",
        path: "/v3/project/task/addDesign",
        token: admin.token,
        json: { projectId, taskId: designTaskId, addedDesignsFileKeys: [key] },
      }),
      "add design",
    );
    const designerFileUuid = designs.designerFileList[0]?.uuid;
    if (!designerFileUuid) throw new Error("the seeded design is missing from the answer");
    projects.push({ id: projectId, taskIds, designTaskId, designerFileUuid });
  }
  return { admin, members: members.slice(0, options.clients), projects };
}
