import { contract, type Task } from "@atelier/shared";
import type { DemoCaller } from "./caller.ts";
import { type DemoProjectKey, type DemoTask, deadlineInDays } from "./content.ts";
import { designPng } from "./images.ts";
import type { Cast, SignedInPerson } from "./people.ts";

/** A demo project once made: its id and who owns it (a demo login or a customer signed up for it). */
export interface MadeProject {
  id: string;
  name: string;
  owner: SignedInPerson;
}

export interface TaskScene {
  api: DemoCaller;
  cast: Cast;
  projects: Record<DemoProjectKey, MadeProject>;
}

/**
 * Takes one task through the steps its status needs, each by the person who does it in the
 * product: created by the customer or staff, assigned by the project manager, started with
 * estimates and delivered by its designer, approved by the owner (or editor), archived by the owner.
 */
export async function playTask(scene: TaskScene, spec: DemoTask): Promise<Task> {
  const { api, cast } = scene;
  const project = scene.projects[spec.project];
  const creator = spec.createdBy === "owner" ? project.owner : cast[spec.createdBy];
  let task = await api.call(contract.tasks.create, creator.token, {
    body: {
      projectId: project.id,
      title: spec.title,
      description: spec.description,
      priority: spec.priority,
      ...(spec.deadlineInDays === null ? {} : { deadline: deadlineInDays(spec.deadlineInDays) }),
    },
  });
  const ref = { projectId: project.id, taskId: task.id };
  if (spec.designer) {
    task = await api.call(contract.tasks.assignDesigner, cast.pm.token, {
      body: { ...ref, designerId: cast[spec.designer].id },
    });
  }
  if (spec.status !== "todo" && spec.designer) {
    const designer = cast[spec.designer];
    const [eta, work] = spec.estimates ?? [16, 8];
    task = await api.call(contract.tasks.start, designer.token, {
      params: { id: project.id, taskId: task.id },
      body: { estimatedTimeOfCompletion: eta, estimatedWork: work },
    });
    if (spec.status === "review" || spec.status === "approved") {
      const designerFileUuid = await deliverDesign(scene, spec, project, designer, task.id, 1);
      if (spec.isReviewStory) {
        await playReviewStory(scene, { project, taskId: task.id, designerFileUuid, spec });
      }
      task = await submitForReview(api, designer, ref);
    }
    if (spec.status === "approved") {
      const approver = spec.approvedBy ? cast[spec.approvedBy] : project.owner;
      task = await api.call(contract.designs.approve, approver.token, { params: { id: project.id, taskId: task.id } });
    }
  }
  if (spec.isArchived) task = await api.call(contract.tasks.archive, project.owner.token, { body: ref });
  return task;
}

function submitForReview(api: DemoCaller, designer: SignedInPerson, ref: { projectId: string; taskId: string }) {
  return api.call(contract.tasks.updateStatus, designer.token, { body: { ...ref, taskStatus: "review" } });
}

/** The designer uploads a picture made for the task and adds it to the task's designs; answers its uuid. */
async function deliverDesign(
  scene: TaskScene,
  spec: DemoTask,
  project: MadeProject,
  designer: SignedInPerson,
  taskId: string,
  version: number,
): Promise<string> {
  const art = spec.art ?? { layout: "poster", palette: ["#ffffff", "#999999", "#222222"] };
  const content = await designPng({ ...art, title: spec.title, subtitle: project.name, version });
  const filename = `${spec.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.png`;
  const key = await scene.api.upload(designer.token, "design", { content, filename });
  const designs = await scene.api.call(contract.designs.addDesign, designer.token, {
    body: { projectId: project.id, taskId, addedDesignsFileKeys: [key] },
  });
  const file = designs.designerFileList.find((candidate) => candidate.designerFileKey === key);
  if (!file) throw new Error(`the design of "${spec.title}" did not appear on its task`);
  return file.uuid;
}

/**
 * The review loop on one task: the owner pins a point and marks an area on the first version, the
 * designer replies, the owner asks for changes with a note (the task goes back to in progress),
 * the designer uploads a second version, the owner resolves the answered comment; the editor opens a new
 * thread on the second version. The caller submits it for review again.
 */
async function playReviewStory(
  scene: TaskScene,
  story: { project: MadeProject; taskId: string; designerFileUuid: string; spec: DemoTask },
): Promise<void> {
  const { api, cast } = scene;
  const { project, taskId, spec } = story;
  const ref = { projectId: project.id, taskId };
  const designer = cast[spec.designer ?? "designer"];
  const owner = project.owner;

  await submitForReview(api, designer, ref);
  const pinned = await api.call(contract.designs.addComment, owner.token, {
    body: {
      ...ref,
      designerFileUuid: story.designerFileUuid,
      comment: "Love the energy here. Could this figure hold a laptop rather than a phone?",
      pin: { type: "point", x: 0.72, y: 0.36 },
    },
  });
  const area = await api.call(contract.designs.addComment, owner.token, {
    body: {
      ...ref,
      designerFileUuid: story.designerFileUuid,
      comment: "This whole band feels heavy — can we lighten it or drop the triangle?",
      pin: { type: "rect", x: 0.1, y: 0.45, w: 0.42, h: 0.2 },
    },
  });
  await api.call(contract.designs.reply, designer.token, {
    body: { ...ref, commentId: pinned.id, comment: "Good call — swapping it for a laptop in the next version." },
  });
  await api.call(contract.designs.reply, designer.token, {
    body: { ...ref, commentId: area.id, comment: "I'll try a lighter tint and keep the triangle small." },
  });
  await api.call(contract.designs.feedback, owner.token, {
    params: { ...ref, designerFileUuid: story.designerFileUuid },
    body: {
      feedback: "changesRequested",
      comment: "Close! Please swap the phone for a laptop and lighten the lower band, then it's ready.",
    },
  });

  const content = await designPng({
    ...(spec.art ?? { layout: "poster", palette: ["#ffffff", "#999999", "#222222"] }),
    title: spec.title,
    subtitle: project.name,
    version: 2,
  });
  const key = await api.upload(designer.token, "design", { content, filename: "homepage-hero-v2.png" });
  const designs = await api.call(contract.designs.addDesignVersion, designer.token, {
    body: { ...ref, designerFileUuid: story.designerFileUuid, designerFileKey: key },
  });
  await api.call(contract.designs.resolveComment, owner.token, {
    body: { ...ref, commentId: pinned.id, activeComment: false },
  });
  const second = designs.designerFileList.find((file) => file.designerFileKey === key);
  if (second) {
    await api.call(contract.designs.addComment, cast.editor.token, {
      body: {
        ...ref,
        designerFileUuid: second.uuid,
        comment: "Much better. Is the orange here the final accent colour?",
        pin: { type: "point", x: 0.3, y: 0.25 },
      },
    });
  }
}
