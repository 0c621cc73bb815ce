import {
  canArchiveTask,
  canAssignDesigner,
  canDeleteTask,
  canEditTask,
  canReorderTasks,
  canSeeFullSurname,
  canSeeTaskCost,
  canSetTaskDeadline,
  canSetTaskPriority,
  canWorkOnTask,
  type DashboardTask,
  type DesignerFile,
  type DomainEventPayloads,
  formatDay,
  type MembershipOrNone,
  nextStatuses,
  type ProjectActor,
  redactSurname,
  TASK_PRIORITY_TEXT,
  TASK_STATUS_TEXT,
  type Task,
  type TaskAbilities,
  type TaskFacts,
  type TaskHistoryItem,
  type TaskPerson,
} from "@atelier/shared";
import type { DashboardRow } from "./repo/dashboard.ts";
import type { TaskEventRow } from "./repo/history.ts";
import type { TaskView } from "./repo/read.ts";

/** Who is looking: the presenter redacts for them (DESIGN §5) and computes their abilities. */
/** A task's designer files as the viewer sees them (read by the designs feature). */
export interface TaskDesignLists {
  designerFileList: DesignerFile[];
  /** the stored zip of exactly these files, when built */
  designZipLink: string | null;
}

export interface Viewer {
  actor: ProjectActor;
  membership: MembershipOrNone;
}

function surnameFor(actor: ProjectActor, surname: string): string {
  return canSeeFullSurname(actor) ? surname : redactSurname(surname);
}

function person(
  actor: ProjectActor,
  id: string | null,
  name: string | null,
  surname: string | null,
  avatarKey: string | null,
): TaskPerson | null {
  if (!id || name === null) return null;
  return { id, name, surname: surnameFor(actor, surname ?? ""), avatarKey };
}

export function factsOf(row: {
  designerId: string | null;
  status: Task["status"];
  archivedAt: Date | null;
}): TaskFacts {
  return { designerId: row.designerId, status: row.status, archived: row.archivedAt !== null };
}

/**
 * What the viewer may do now. An archived task only comes back or goes away: every other change
 * is refused (412) until it is unarchived, so those abilities are off while it is archived.
 */
function presentAbilities(viewer: Viewer, task: TaskFacts): TaskAbilities {
  const { actor, membership } = viewer;
  const live = !task.archived;
  const canWork = canWorkOnTask(actor, membership, task) && live;
  return {
    canEdit: canEditTask(actor, membership) && live,
    canSetPriority: canSetTaskPriority(actor, membership) && live,
    canSetDeadline: canSetTaskDeadline(actor, membership) && live,
    canArchive: canArchiveTask(actor, membership),
    canDelete: canDeleteTask(actor, membership),
    canAssignDesigner: canAssignDesigner(actor, membership) && live,
    canStart: canWork && task.status === "todo" && task.designerId !== null,
    canUpdateEstimates: canWork && (task.status === "inProgress" || task.status === "review"),
    nextStatuses: nextStatuses(actor, membership, task),
    canReorder: canReorderTasks(actor, membership) && live,
    canSeeCost: canSeeTaskCost(actor, membership),
  };
}

/** SPEC §3 Task as this viewer may see it: surnames redacted, no cost for viewers, with abilities. */
export function presentTask(viewer: Viewer, row: TaskView, designs: TaskDesignLists | undefined): Task {
  const facts = factsOf(row);
  const { actor } = viewer;
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    description: row.description,
    descriptionFiles: row.descriptionFiles,
    status: row.status,
    priority: { value: row.priority, textValue: TASK_PRIORITY_TEXT[row.priority] },
    taskArchived: facts.archived,
    designerId: row.designerId,
    designer: person(actor, row.designerId, row.designerName, row.designerSurname, row.designerAvatarKey),
    designerFileList: designs?.designerFileList ?? [],
    designsAndCommentsSeen: row.designsAndCommentsSeen,
    designZipLink: designs?.designZipLink ?? null,
    customSortIndex: row.customSortIndex,
    deadline: row.deadline ? row.deadline.getTime() : 0,
    estimatedTimeOfCompletion: row.estimatedTimeOfCompletion,
    estimatedWork: canSeeTaskCost(actor, viewer.membership) ? row.estimatedWork : null,
    createdBy: person(actor, row.createdById, row.creatorName, row.creatorSurname, row.creatorAvatarKey),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    abilities: presentAbilities(viewer, facts),
  };
}

/**
 * A dashboard row as its JSON text (`DashboardTask`): PostgreSQL wrote what every viewer sees alike
 * (`sharedJson`, repo/dashboard.ts); what depends on the viewer or the designs is presented here by
 * the functions `presentTask` uses, and spliced in. `abilitiesSeen` keeps the abilities' text per
 * task facts over one page, so rows with the same facts (designer, status, archived) share it.
 */
export function dashboardItemJson(
  viewer: Viewer,
  row: DashboardRow,
  designs: TaskDesignLists | undefined,
  abilitiesSeen: Map<string, string>,
): string {
  const { actor } = viewer;
  const facts: TaskFacts = { designerId: row.designerId, status: row.status, archived: row.archived };
  const factsKey = `${facts.designerId}|${facts.status}|${facts.archived}`;
  let abilities = abilitiesSeen.get(factsKey);
  if (abilities === undefined) {
    abilities = JSON.stringify(presentAbilities(viewer, facts));
    abilitiesSeen.set(factsKey, abilities);
  }
  const viewerPart: Omit<DashboardTask, keyof DashboardSharedPart | "abilities"> = {
    priority: { value: row.priority, textValue: TASK_PRIORITY_TEXT[row.priority] },
    designer: person(actor, row.designerId, row.designerName, row.designerSurname, row.designerAvatarKey),
    designerFileList: designs?.designerFileList ?? [],
    designZipLink: designs?.designZipLink ?? null,
    estimatedWork: canSeeTaskCost(actor, viewer.membership) ? row.estimatedWork : null,
    createdBy: person(actor, row.createdById, row.creatorName, row.creatorSurname, row.creatorAvatarKey),
  };
  return `${row.sharedJson.slice(0, -1)},${JSON.stringify(viewerPart).slice(1, -1)},"abilities":${abilities}}`;
}

/** The fields of a dashboard row PostgreSQL writes (`sharedJson` in repo/dashboard.ts). */
type DashboardSharedPart = Pick<
  DashboardTask,
  | "id"
  | "projectId"
  | "projectName"
  | "title"
  | "description"
  | "descriptionFiles"
  | "status"
  | "taskArchived"
  | "designerId"
  | "designsAndCommentsSeen"
  | "customSortIndex"
  | "deadline"
  | "estimatedTimeOfCompletion"
  | "createdAt"
  | "updatedAt"
>;

const hours = (value: number) => `${value} h`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The sentence after the actor's name; payloads hold only what every member may see (no costs). */
function describe(row: TaskEventRow, assignee: string): string {
  const payload = row.payload;
  switch (row.type) {
    case "task.created":
      return "created the task";
    case "task.updated": {
      const { title, descriptionChanged } = payload as DomainEventPayloads["task.updated"];
      if (title !== undefined && descriptionChanged) return `renamed the task to “${title}” and edited the description`;
      return title !== undefined ? `renamed the task to “${title}”` : "edited the description";
    }
    case "task.archived":
      return "archived the task";
    case "task.unarchived":
      return "brought the task back from the archive";
    case "task.started": {
      const { estimatedTimeOfCompletion } = payload as DomainEventPayloads["task.started"];
      return `started work, to be done in ${hours(estimatedTimeOfCompletion)}`;
    }
    case "task.statusChanged": {
      const { to } = payload as DomainEventPayloads["task.statusChanged"];
      return `moved the task to ${TASK_STATUS_TEXT[to]}`;
    }
    case "task.estimatesChanged": {
      const { estimatedTimeOfCompletion } = payload as DomainEventPayloads["task.estimatesChanged"];
      return `revised the estimates: done in ${hours(estimatedTimeOfCompletion)}`;
    }
    case "task.deadlineChanged": {
      const { deadline } = payload as DomainEventPayloads["task.deadlineChanged"];
      return deadline === 0 ? "cleared the deadline" : `set the deadline to ${formatDay(deadline)}`;
    }
    case "task.priorityChanged": {
      const { priority } = payload as DomainEventPayloads["task.priorityChanged"];
      return `set the priority to ${TASK_PRIORITY_TEXT[priority]}`;
    }
    case "task.designerAssigned":
      return `assigned ${assignee}`;
    case "task.filesChanged": {
      const { added, removed } = payload as DomainEventPayloads["task.filesChanged"];
      const parts = [
        added ? `added ${plural(added, "file")}` : "",
        removed ? `removed ${plural(removed, "file")}` : "",
      ];
      return parts.filter(Boolean).join(" and ") || "changed the files";
    }
    case "task.reordered":
      return "moved the task in the custom order";
    case "design.added":
      return `added the design “${(payload as DomainEventPayloads["design.added"]).fileName}”`;
    case "design.versionAdded": {
      const { fileName, version } = payload as DomainEventPayloads["design.versionAdded"];
      return `uploaded version ${version} of “${fileName}”`;
    }
    case "design.removed":
      return `removed the design “${(payload as DomainEventPayloads["design.removed"]).fileName}”`;
    case "design.reordered":
      return "reordered the designs";
    case "design.posterSet":
      return `set the poster of “${(payload as DomainEventPayloads["design.posterSet"]).fileName}”`;
    case "design.feedback": {
      const { feedback } = payload as DomainEventPayloads["design.feedback"];
      return feedback === "approved" ? "approved a design" : "asked for changes to a design";
    }
    case "design.roundDecided": {
      const { decision, number } = payload as DomainEventPayloads["design.roundDecided"];
      return `${decision === "approved" ? "approved" : "asked for changes"} in review round ${number}`;
    }
    case "comment.added":
      return `commented on “${(payload as DomainEventPayloads["comment.added"]).fileName}”`;
    case "comment.replied":
      return `replied to a comment on “${(payload as DomainEventPayloads["comment.replied"]).fileName}”`;
    case "comment.edited":
      return "edited a comment";
    case "comment.removed":
      return "removed a comment";
    case "comment.resolved":
      return (payload as DomainEventPayloads["comment.resolved"]).activeComment
        ? "reopened a comment"
        : "resolved a comment";
    default:
      return "changed the task";
  }
}

/** One history entry: who, when, and a sentence for people, redacted for the viewer. */
export function presentHistoryItem(viewer: Viewer, row: TaskEventRow): TaskHistoryItem {
  const { actor } = viewer;
  const who = person(actor, row.actorId, row.actorName, row.actorSurname, row.actorAvatarKey);
  const assignee = row.assigneeName
    ? `${row.assigneeName} ${surnameFor(actor, row.assigneeSurname ?? "")}`.trim()
    : "a designer";
  // A guest reviewer's event has no actor and names the guest in its payload (decision 059).
  const guestName = (row.payload as { guestName?: unknown } | null)?.guestName;
  const name = who
    ? `${who.name} ${who.surname}`.trim()
    : typeof guestName === "string"
      ? `${guestName} (guest)`
      : "Someone";
  return {
    id: String(row.id),
    type: row.type,
    actor: who,
    at: row.createdAt.getTime(),
    text: `${name} ${describe(row, assignee)}`,
  };
}
