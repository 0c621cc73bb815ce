import type { InviteRole } from "./permissions/projects.ts";
import type { TaskPriority, TaskStatus } from "./permissions/tasks.ts";
import type { PaymentPlan } from "./plans.ts";
import type { ProjectRole } from "./roles.ts";
import type { OrderKind, OrderMethod } from "./schemas/billing.ts";
import type { DesignFeedbackValue } from "./schemas/design.ts";
import type { ReviewDecision, ReviewRoundRule } from "./schemas/review-round.ts";

/**
 * The domain events services record with each change (DESIGN §1), by type, with what each one
 * carries. The realtime stream sends them to the browsers they concern, so a payload holds only
 * what every member of the project may see: never secrets such as invite keys.
 * Features add their events here as they land (tasks, designs, comments…).
 */
export interface DomainEventPayloads {
  "project.memberAdded": { userId: string; projectRole: ProjectRole };
  "project.invited": { email: string; projectRole: InviteRole };
  /** the person taken off the team hears of it too, so their open screens let go of the project */
  "project.memberRemoved": { userId: string };
  "task.created": { title: string };
  "task.updated": { title?: string; descriptionChanged?: boolean };
  "task.deleted": { title: string };
  "task.archived": Record<string, never>;
  "task.unarchived": Record<string, never>;
  // Estimated work is the task's cost, which viewers may not see, so it stays out of the payloads.
  "task.started": { estimatedTimeOfCompletion: number };
  "task.statusChanged": { from: TaskStatus; to: TaskStatus };
  "task.estimatesChanged": { estimatedTimeOfCompletion: number };
  "task.deadlineChanged": { deadline: number };
  "task.priorityChanged": { priority: TaskPriority };
  "task.designerAssigned": { designerId: string; addedToTeam: boolean };
  "task.filesChanged": { added: number; removed: number };
  "task.reordered": { customSortIndex: string };
  /** the task was approved (`POST …/approve` or updateStatus to approved); also a task.statusChanged */
  "task.approved": DesignRef;
  // Designs and review (issue 8): each payload names its project and task so a consumer
  // (notifications, realtime) needs no lookup; file names are what every member sees on the task.
  "design.added": DesignRef & { designerFileUuid: string; fileName: string };
  "design.versionAdded": DesignRef & {
    designerFileUuid: string;
    previousUuid: string;
    version: number;
    fileName: string;
  };
  "design.removed": DesignRef & { designerFileUuid: string; fileName: string };
  "design.reordered": DesignRef;
  /** a video version got its poster (decision 058); no notification, open screens refresh */
  "design.posterSet": DesignRef & { designerFileUuid: string; fileName: string };
  /** `comment` is the reviewer's note, which the designer must see (on the design, the task, the feed, the e-mail) */
  "design.feedback": DesignRef & {
    designerFileUuid: string;
    feedback: DesignFeedbackValue;
    fileName: string;
    comment: string | null;
  };
  // Review rounds (issue 23, part 4): who was asked (ids: every member sees the team list), the due
  // day, each decision with its note, and how the round ended.
  "design.roundSent": DesignRef & {
    roundId: string;
    number: number;
    reviewerIds: string[];
    /** guests asked (design_guests ids); they hear of it from whoever sent them the link */
    guestIds?: string[];
    rule: ReviewRoundRule;
    dueAt: number;
    designCount: number;
  };
  /** `guestName`: a guest reviewer decided (the event has no actor then) */
  "design.roundDecided": DesignRef & {
    roundId: string;
    number: number;
    decision: ReviewDecision;
    comment: string | null;
    guestName?: string;
  };
  /** the round's rule settled it (the task's own status change says what happened to the task) */
  "design.roundClosed": DesignRef & { roundId: string; number: number; state: "approved" | "changesRequested" };
  /** withdrawn by who sent it (or owner, editor, staff), or the task left review another way */
  "design.roundCancelled": DesignRef & { roundId: string; number: number };
  /** `guestName`: a guest reviewer wrote it (the event has no actor then) */
  "comment.added": DesignRef & { designerFileUuid: string; commentId: string; fileName: string; guestName?: string };
  "comment.replied": DesignRef & {
    designerFileUuid: string;
    commentId: string;
    replyId: string;
    fileName: string;
    guestName?: string;
  };
  "comment.edited": DesignRef & { designerFileUuid: string; commentId: string };
  "comment.removed": DesignRef & { designerFileUuid: string; commentId: string };
  "comment.resolved": DesignRef & { designerFileUuid: string; commentId: string; activeComment: boolean };
  // The conversation on a task itself (issue 29). The subject is the comment (or reply) itself, so
  // removing it can take back the messages its event wrote; `mentionIds` are team members, whom
  // every member sees on the team list; `parentAuthorId` is the author of the thread replied to.
  "taskComment.added": DesignRef & { commentId: string; mentionIds: string[] };
  "taskComment.replied": DesignRef & {
    commentId: string;
    replyId: string;
    parentAuthorId: string | null;
    mentionIds: string[];
  };
  "taskComment.edited": DesignRef & { commentId: string };
  /** `removedIds`: the comment and, for a thread, its replies */
  "taskComment.removed": DesignRef & { commentId: string; removedIds: string[] };
  /** an admin turned a user's two-factor sign-in off (lost device) */
  "user.twoFactorReset": { userId: string };
  "user.twoFactorEnabled": { userId: string };
  "user.twoFactorDisabled": { userId: string };
  /** a person removed all their information (GDPR); the payload names nobody */
  "user.erased": { userId: string };
  /** approval logged a task's hours for its designer (no project feed: the hours are a cost) */
  "workLog.recorded": { userId: string };
  /** an admin recorded a payment to the user (the amount stays out of the payload) */
  "user.paymentRecorded": { userId: string };
  /** the plan or its period changed (admin by hand, an order confirmed, a Stripe event) */
  "billing.planChanged": { paymentPlan: PaymentPlan; periodEnd: number | null; activeStripeSubscription: boolean };
  "billing.hoursToppedUp": { hours: number };
  "billing.orderCreated": { orderId: string; reference: string; method: OrderMethod; kind: OrderKind };
  "billing.orderConfirmed": { orderId: string };
  "billing.orderCanceled": { orderId: string };
  "billing.orderRejected": { orderId: string; reason: string };
  /** an admin published a platform announcement: it reaches everyone's stream (no project) */
  "platformNotification.published": { id: string; message: string; createdAt: number };
  /** an admin withdrew an announcement: its banner goes from everyone's screens (no project) */
  "platformNotification.withdrawn": { id: string };
}

export type DomainEventType = keyof DomainEventPayloads;

/** What every designs and review event carries. */
export type DesignRef = {
  projectId: string;
  taskId: string;
};

/** What `subject` names: the thing an event is about, besides its project. */
export type DomainEventSubjectType =
  | "project"
  | "user"
  | "invite"
  | "task"
  | "paymentOrder"
  | "designerFile"
  | "comment"
  | "taskComment"
  | "platformNotification";

/**
 * The answer header listing the ids of the events a call's changes committed (comma-separated), so
 * the browser tab that made them can tell them from the same person's changes in other tabs.
 */
export const OWN_EVENTS_HEADER = "atelier-events";

/**
 * Asked on a GET (any value) before the browser's stream is open, answered with the point a stream
 * must start from to miss no change committed after that read (a PostgreSQL transaction id, as
 * decimal text). The browser opens its stream from the smallest point of the reads its screens
 * hold, instead of refetching them all when the stream opens (issue 29, point 9).
 */
export const STREAM_POINT_HEADER = "atelier-stream-point";

/** A stream point as the stream's `from` query and STREAM_POINT_HEADER carry it. */
export const STREAM_POINT_PATTERN = /^\d{1,19}$/;
