import { isStaff, type ProjectRole } from "../roles.ts";
import { canSeeCosts, canSeeProject, type MembershipOrNone, type ProjectActor } from "./projects.ts";

/**
 * Task rules (DESIGN §3 and §5), pure functions over (actor, the actor's membership of the task's
 * project, the task). The server enforces them; the web renders from the `abilities` the server
 * computes with them. Seeing a task is seeing its project: a hidden project's task answers 404.
 *
 * - customers on the project (owner, editor, viewer) view tasks, add tasks and comment;
 * - owner and editor also set priority and deadline, reorder, archive, delete, approve;
 * - staff (admin, projectManager) do everything, and only they assign designers;
 * - a designer on the team works on the tasks assigned to them: starts with estimates, revises
 *   estimates, submits for review.
 */

export const TASK_STATUSES = ["todo", "inProgress", "review", "approved"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** `textValue` of each priority (SPEC §3), also the label the web shows. */
export const TASK_PRIORITY_TEXT: Record<TaskPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

export const TASK_STATUS_TEXT: Record<TaskStatus, string> = {
  todo: "To do",
  inProgress: "In progress",
  review: "In review",
  approved: "Approved",
};

/** What the rules need to know about a task. */
export interface TaskFacts {
  designerId: string | null;
  status: TaskStatus;
  archived: boolean;
}

function hasRole(membership: MembershipOrNone, ...roles: ProjectRole[]): boolean {
  return !!membership?.active && roles.includes(membership.projectRole);
}

const isOwnerOrEditor = (membership: MembershipOrNone) => hasRole(membership, "owner", "editor");

export function canViewTasks(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canSeeProject(actor, membership);
}

export function canCreateTask(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || hasRole(membership, "owner", "editor", "viewer");
}

/**
 * A project takes new tasks while it is in progress: an archived one is closed for new work
 * until restored (issue 29). A business rule beside the permission: the server answers 412 for it.
 */
export function projectTakesTasks(project: { state: "inProgress" | "archived" }): boolean {
  return project.state !== "archived";
}

/** Title and description: staff, owner and editor. */
export function canEditTask(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || isOwnerOrEditor(membership);
}

export function canSetTaskPriority(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || isOwnerOrEditor(membership);
}

export function canSetTaskDeadline(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || isOwnerOrEditor(membership);
}

export function canArchiveTask(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || isOwnerOrEditor(membership);
}

export function canDeleteTask(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || isOwnerOrEditor(membership);
}

/** The project's custom order is shared by everyone on it, so only those who manage tasks write it. */
export function canReorderTasks(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || isOwnerOrEditor(membership);
}

export function canAssignDesigner(actor: ProjectActor, _membership: MembershipOrNone): boolean {
  return isStaff(actor.role);
}

/** The designer the task is assigned to, while they are on the team. */
export function isAssignedDesigner(actor: ProjectActor, membership: MembershipOrNone, task: TaskFacts): boolean {
  return actor.role === "designer" && task.designerId === actor.id && hasRole(membership, "designer");
}

/** Starting work (the start-task dialog) and revising estimates: staff or the assigned designer. */
export function canWorkOnTask(actor: ProjectActor, membership: MembershipOrNone, task: TaskFacts): boolean {
  return isStaff(actor.role) || isAssignedDesigner(actor, membership, task);
}

/**
 * Estimated work is the task's cost (DESIGN §3): staff, owner and editor see it, and the designers
 * on the team who set it; viewers never.
 */
export function canSeeTaskCost(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canSeeCosts(actor, membership) || hasRole(membership, "designer");
}

/** Who may approve, or send a task in review back for changes: owner, editor and staff. */
export function canReviewTask(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || isOwnerOrEditor(membership);
}

export type StatusMove = { allowed: true } | { allowed: false; reason: string; forbidden: boolean };

/** Texts of the task rules the server refuses with (412); the web shows them as 'Error: ' + text. */
export const TASK_MESSAGES = {
  startWithEstimates: "Start the task from the start dialog: it needs the two estimates",
  needsDesigner: "Assign a designer before work starts",
  sameStatus: "The task already has this status",
  onlyFromInProgressToReview: "Only a task in progress can be submitted for review",
  onlyFromReview: "Only a task in review can be approved or sent back for changes",
  reopenApprovedOnly: "Only an approved task can be reopened",
  backToTodo: "A started task cannot go back to to do",
  archived: "The task is archived; unarchive it first",
  approvedEstimates: "An approved task's estimates are final; reopen it to change them",
  alreadyStarted: "Work on this task has already started",
  notADesigner: "Only a designer account can be assigned",
  designerRemoved: "This designer is not available",
  taskNotInProject: "Task not found",
  reorderNeighbour: "The tasks to place it between must be active tasks of this project",
  fileNotYours: "Attach only files you uploaded",
} as const;

/**
 * The status flow (DESIGN §3): todo → inProgress (only by starting, with estimates) → review
 * (the assigned designer or staff submit) → approved (owner, editor or staff); review →
 * inProgress (changes requested, same people as approving); approved → inProgress (reopened, same).
 * `forbidden` tells a 403 (the caller may not make this move) from a 412 (nobody may, now).
 */
export function checkStatusMove(
  actor: ProjectActor,
  membership: MembershipOrNone,
  task: TaskFacts,
  to: TaskStatus,
): StatusMove {
  const refuse = (reason: string) => ({ allowed: false, reason, forbidden: false }) as const;
  const deny = { allowed: false, reason: "You may not change this task's status", forbidden: true } as const;
  if (task.archived) return refuse(TASK_MESSAGES.archived);
  if (task.status === to) return refuse(TASK_MESSAGES.sameStatus);
  switch (to) {
    case "todo":
      return refuse(TASK_MESSAGES.backToTodo);
    case "inProgress":
      if (task.status === "todo") return refuse(TASK_MESSAGES.startWithEstimates);
      return canReviewTask(actor, membership) ? { allowed: true } : deny;
    case "review":
      if (!canWorkOnTask(actor, membership, task)) return deny;
      return task.status === "inProgress" ? { allowed: true } : refuse(TASK_MESSAGES.onlyFromInProgressToReview);
    case "approved":
      if (!canReviewTask(actor, membership)) return deny;
      return task.status === "review" ? { allowed: true } : refuse(TASK_MESSAGES.onlyFromReview);
  }
}

/** The statuses the actor may move the task to now (for the status menu). */
export function nextStatuses(actor: ProjectActor, membership: MembershipOrNone, task: TaskFacts): TaskStatus[] {
  return TASK_STATUSES.filter((to) => checkStatusMove(actor, membership, task, to).allowed);
}

/** The dashboard (/tasks): staff and designers; a designer sees the tasks assigned to them. */
export function canUseTaskDashboard(actor: ProjectActor): boolean {
  return isStaff(actor.role) || actor.role === "designer";
}
