import { contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildTask,
  buildTeamProject,
  buildTeamWorld,
  type Cast,
  type CastMember,
  setStatusAs,
  statusesByActor,
  TABLE_ACTORS,
} from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, ok, uploadImage } from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * Issue 8's permission table: every designs call × every kind of actor → the status the API must
 * answer. A task of a project the caller cannot see answers 404 (never 403); a visible target the
 * caller may not change answers 403. The task is assigned to `designerOnTeam`, whose upload is its
 * designer file. A cell whose call is allowed runs on a fresh task; a refused or signed-out call
 * must change nothing, so those cells share one task (one in review for the review rows), built
 * once, and the last test checks those tasks are as they were built.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

const VIEW = statusesByActor(200, 200, 200, 404, 200, 200, 200, 404);
const DELIVER = statusesByActor(200, 200, 200, 404, 403, 403, 403, 404);
const REVIEW = statusesByActor(200, 200, 403, 404, 200, 200, 403, 404);

interface Scene {
  task: Task;
  /** the designer's file on the task (uuid and key) */
  design: { uuid: string; key: string };
  /** a comment by the owner on it */
  commentId: string;
  /** an upload made by the acting user */
  fileKey: string;
}
interface Row {
  call: string;
  review?: boolean;
  send: (scene: Scene, token: string | undefined) => Promise<{ status: number; received: unknown }>;
  expected: Record<CastMember, number>;
}

const ref = ({ task }: Scene) => ({ projectId: task.projectId, taskId: task.id });
const params = ({ task }: Scene) => ({ id: task.projectId, taskId: task.id });
const { designs } = contract;

const ROWS: Row[] = [
  { call: "GET designs", send: (s, token) => t.api(designs.get, { token, params: params(s) }), expected: VIEW },
  {
    call: "POST /v3/project/task/addDesign",
    send: (s, token) => t.api(designs.addDesign, { token, body: { ...ref(s), addedDesignsFileKeys: [s.fileKey] } }),
    expected: DELIVER,
  },
  {
    call: "POST /v3/project/task/addDesignVersion",
    send: (s, token) =>
      t.api(designs.addDesignVersion, {
        token,
        body: { ...ref(s), designerFileUuid: s.design.uuid, designerFileKey: s.fileKey },
      }),
    expected: DELIVER,
  },
  {
    call: "POST /v3/project/task/removeDesign",
    send: (s, token) => t.api(designs.removeDesign, { token, body: { ...ref(s), removedDesignFileKey: s.design.key } }),
    expected: DELIVER,
  },
  {
    call: "POST /v3/project/task/removeAllDesigns",
    send: (s, token) => t.api(designs.removeAllDesigns, { token, body: ref(s) }),
    expected: DELIVER,
  },
  {
    call: "POST /v3/project/task/updateDesignFileOrder",
    send: (s, token) =>
      t.api(designs.updateDesignFileOrder, { token, body: { ...ref(s), designerFileList: [s.design.key] } }),
    expected: DELIVER,
  },
  {
    call: "POST /v3/project/task/designSeen",
    send: (s, token) => t.api(designs.designSeen, { token, body: { ...ref(s), designerFileKey: s.design.key } }),
    expected: VIEW,
  },
  {
    call: "POST /comment/design/task/seen",
    send: (s, token) => t.api(designs.commentsSeen, { token, body: { ...ref(s), designerFileUuid: s.design.uuid } }),
    expected: VIEW,
  },
  {
    call: "POST /v3/project/task/comment",
    send: (s, token) =>
      t.api(designs.addComment, {
        token,
        body: {
          ...ref(s),
          designerFileUuid: s.design.uuid,
          comment: "Bigger logo",
          pin: { type: "point", x: 0.5, y: 0.2 },
        },
      }),
    expected: VIEW,
  },
  {
    call: "POST /v3/project/task/comment/reply",
    send: (s, token) => t.api(designs.reply, { token, body: { ...ref(s), commentId: s.commentId, comment: "Done" } }),
    expected: VIEW,
  },
  {
    call: "POST /v3/project/task/comment/edit (the owner's comment)",
    send: (s, token) =>
      t.api(designs.editComment, { token, body: { ...ref(s), commentId: s.commentId, comment: "Edited" } }),
    expected: statusesByActor(403, 403, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "POST /v3/project/task/comment/remove (the owner's comment)",
    send: (s, token) => t.api(designs.removeComment, { token, body: { ...ref(s), commentId: s.commentId } }),
    expected: statusesByActor(200, 200, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "POST /v3/project/task/comment/resolve (the owner's comment)",
    send: (s, token) =>
      t.api(designs.resolveComment, { token, body: { ...ref(s), commentId: s.commentId, activeComment: false } }),
    expected: statusesByActor(200, 200, 403, 404, 200, 200, 403, 404),
  },
  {
    call: "POST /v3/project/addChatFile",
    send: (s, token) =>
      t.api(designs.addChatFile, { token, body: { projectId: s.task.projectId, chatFileKeys: [s.fileKey] } }),
    expected: VIEW,
  },
  {
    call: "POST /v3/design-feedback/{projectId}/{taskId}/{designerFileUuid}",
    review: true,
    send: (s, token) =>
      t.api(designs.feedback, {
        token,
        params: { ...ref(s), designerFileUuid: s.design.uuid },
        body: { feedback: "changesRequested", comment: "Warmer colours" },
      }),
    expected: REVIEW,
  },
  {
    call: "POST /v3/project/{id}/task/{taskId}/approve",
    review: true,
    send: (s, token) => t.api(designs.approve, { token, params: params(s) }),
    expected: REVIEW,
  },
  { call: "GET zipDesign", send: (s, token) => t.api(designs.zipDesign, { token, params: params(s) }), expected: VIEW },
  {
    call: "GET getZipLink",
    send: (s, token) => t.api(designs.getZipLink, { token, params: params(s) }),
    expected: VIEW,
  },
];

let seed = 0;
async function buildScene(row: Row, actor: BuiltUser): Promise<Scene> {
  let task = await buildWorkTask(t, cast, project);
  seed += 1;
  const key = await uploadImage(t, cast.designerOnTeam, `design-${seed}.png`, seed);
  const added = await addDesigns(t, cast.designerOnTeam, task, [key]);
  const file = added.designerFileList[0];
  if (!file) throw new Error("no designer file");
  const comment = ok(
    "owner comments",
    await t.api(designs.addComment, {
      token: cast.owner.token,
      body: { projectId: task.projectId, taskId: task.id, designerFileUuid: file.uuid, comment: "Looks good" },
    }),
  );
  if (row.review) task = await setStatusAs(t, cast.designerOnTeam, task, "review");
  return {
    task,
    design: { uuid: file.uuid, key: file.designerFileKey },
    commentId: comment.id,
    fileKey: await uploadImage(t, actor, `mine-${seed}.png`, seed + 1000),
  };
}

/** The tasks refused calls run on (in progress, in review), built at first use, with each actor's upload. */
const sharedScenes = new Map<boolean, { scene: Omit<Scene, "fileKey">; asBuilt: unknown }>();
const sharedUploads = new Map<CastMember, string>();

async function sharedScene(row: Row, who: CastMember): Promise<Scene> {
  const review = row.review ?? false;
  let shared = sharedScenes.get(review);
  if (!shared) {
    const { fileKey: _unused, ...scene } = await buildScene(row, cast.admin);
    shared = { scene, asBuilt: await sharedTaskNow(scene.task) };
    sharedScenes.set(review, shared);
  }
  let fileKey = sharedUploads.get(who);
  if (!fileKey) {
    seed += 1;
    fileKey = await uploadImage(t, cast[who], `mine-${seed}.png`, seed + 1000);
    sharedUploads.set(who, fileKey);
  }
  return { ...shared.scene, fileKey };
}

/** A shared task and its designs as the admin sees them. */
async function sharedTaskNow(task: Task) {
  const params = { id: task.projectId, taskId: task.id };
  const got = await t.api(contract.tasks.get, { token: cast.admin.token, params });
  const designsNow = await t.api(designs.get, { token: cast.admin.token, params });
  return { task: got.body, designs: designsNow.body };
}

describe("designs permission table", () => {
  for (const row of ROWS) {
    describe(row.call, () => {
      it.each(TABLE_ACTORS)("%s", async (who) => {
        const allowed = row.expected[who] < 300;
        const scene = allowed ? await buildScene(row, cast[who]) : await sharedScene(row, who);
        const res = await row.send(scene, cast[who].token);
        expect({ who, status: res.status, body: res.status === 200 ? "ok" : res.received }).toMatchObject({
          who,
          status: row.expected[who],
        });
      });

      it("answers 401 without a token", async () => {
        const scene = await sharedScene(row, "admin");
        const res = await row.send(scene, undefined);
        expect(res.status).toBe(401);
      });
    });
  }

  it("the refused and signed-out calls left the shared tasks as they were", async () => {
    expect(sharedScenes.size).toBe(2);
    for (const { scene, asBuilt } of sharedScenes.values()) expect(await sharedTaskNow(scene.task)).toEqual(asBuilt);
  });

  it("answers 404 for a task under another project, even to staff", async () => {
    const elsewhere = await buildTeamProject(t, cast, { name: "Elsewhere" });
    const task = await buildTask(t, cast.admin, { projectId: project.id });
    const res = await t.api(designs.get, { token: cast.admin.token, params: { id: elsewhere.id, taskId: task.id } });
    expect(res.status).toBe(404);
    const zip = await t.api(designs.zipDesign, {
      token: cast.admin.token,
      params: { id: elsewhere.id, taskId: task.id },
    });
    expect(zip.status).toBe(404);
  });
});
