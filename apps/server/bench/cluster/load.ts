import { setTimeout as sleep } from "node:timers/promises";
import { makeImage, multipartFile } from "../../test/multipart.ts";
import type { Answer, HttpClient } from "./http.ts";
import type { ClusterCast, ClusterProject, Member } from "./seed.ts";

export const CALLS = ["task list", "task view", "designs", "comment", "upload", "zip"] as const;
export type CallName = (typeof CALLS)[number];

/** How often each call comes up in a client's loop (out of 100). */
const MIX: [CallName, number][] = [
  ["task list", 35],
  ["task view", 25],
  ["designs", 15],
  ["comment", 15],
  ["upload", 5],
  ["zip", 5],
];
/** Statuses after which an idempotent call is sent again: the proxy had no live instance for it. */
const RETRIED = new Set([0, 502, 503, 504]);
const RETRIES = 3;

export interface CallSample {
  call: CallName;
  startedAt: number;
  ms: number;
  ok: boolean;
  status: number;
}

export interface CommentSent {
  text: string;
  projectId: string;
  commentId: string | null;
  sentAt: number;
  answeredAt: number;
  ok: boolean;
}

export interface LoadResult {
  samples: CallSample[];
  comments: CommentSent[];
  retries: number;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * `cast.members.length` clients, each a signed-in person looping over the mix with a random pause
 * of about `thinkMs` between calls, until `until` (epoch ms). Reads are retried on a dropped
 * connection or a 502/503 (the instance died under them); writes are not, so a failed comment
 * is reported as failed, and the database tells whether it was stored.
 */
export async function runMixedLoad(options: {
  api: HttpClient;
  cast: ClusterCast;
  until: number;
  thinkMs: number;
  label: string;
}): Promise<LoadResult> {
  const result: LoadResult = { samples: [], comments: [], retries: 0 };
  const upload = multipartFile({
    content: await makeImage("png", 64, 64),
    filename: "note.png",
    contentType: "image/png",
  });
  const projects = new Map(options.cast.projects.map((project) => [project.id, project]));
  let sequence = 0;

  const send = async (member: Member, project: ClusterProject, call: CallName): Promise<Answer> => {
    const { api } = options;
    const task = project.taskIds[Math.floor(Math.random() * project.taskIds.length)] as string;
    switch (call) {
      case "task list":
        return api.request({ method: "GET", path: `/v3/project/get/${project.id}/tasks`, token: member.token });
      case "task view":
        return api.request({ method: "GET", path: `/v3/project/${project.id}/task/${task}`, token: member.token });
      case "designs":
        return api.request({
          method: "GET",
          path: `/v3/project/${project.id}/task/${project.designTaskId}/designs`,
          token: member.token,
        });
      case "zip":
        return api.request({
          method: "GET",
          path: `/v3/project/${project.id}/task/${project.designTaskId}/zipDesign`,
          token: member.token,
        });
      case "upload":
        return api.request({
          method: "POST",
          path: "/upload/file?purpose=attachment",
          token: member.token,
          body: upload.payload,
          headers: upload.headers,
        });
      case "comment": {
        sequence += 1;
        const text = `${options.label} comment ${sequence} by ${member.id}`;
        const sentAt = now();
        const answer = await api.request({
          method: "POST",
          path: "/v3/project/task/comment",
          token: member.token,
          json: {
            projectId: project.id,
            taskId: project.designTaskId,
            designerFileUuid: project.designerFileUuid,
            comment: text,
          },
        });
        const ok = answer.status === 200;
        result.comments.push({
          text,
          projectId: project.id,
          commentId: ok ? (JSON.parse(answer.body) as { id: string }).id : null,
          sentAt,
          answeredAt: now(),
          ok,
        });
        return answer;
      }
    }
  };

  const loop = async (member: Member) => {
    const project = projects.get(member.projectId) as ClusterProject;
    // Start spread over one pause, so the clients do not arrive as one wave.
    await sleep(Math.random() * options.thinkMs);
    while (now() < options.until) {
      const call = pick();
      const startedAt = now();
      let answer = await send(member, project, call);
      const idempotent = call !== "comment" && call !== "upload";
      for (let attempt = 1; idempotent && attempt <= RETRIES && RETRIED.has(answer.status); attempt += 1) {
        result.retries += 1;
        await sleep(100 * attempt);
        answer = await send(member, project, call);
      }
      result.samples.push({ call, startedAt, ms: now() - startedAt, ok: answer.status === 200, status: answer.status });
      await sleep(options.thinkMs * (0.5 + Math.random()));
    }
  };
  await Promise.all(options.cast.members.map(loop));
  return result;
}

function pick(): CallName {
  let roll = Math.random() * 100;
  for (const [call, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return call;
  }
  return "task list";
}
