import { z } from "zod";
import { COMMENT_MAX, DESIGN_FILES_PER_TASK_MAX, REVIEW_ROUND_REVIEWERS_MAX } from "../limits.ts";
import { idSchema, textSchema } from "./common.ts";
import { deadlineSchema } from "./task.ts";

/**
 * Review rounds (issue 23, part 4): a set of a task's designs sent for review to named people by a
 * due day. `any`: the first reviewer to approve approves the task; `all`: every reviewer must.
 */
export const REVIEW_ROUND_RULES = ["any", "all"] as const;
export type ReviewRoundRule = (typeof REVIEW_ROUND_RULES)[number];

export const REVIEW_DECISIONS = ["approved", "changesRequested"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** A reviewer's state in a round: pending until they decide. */
export type ReviewerDecision = ReviewDecision | "pending";

/**
 * `open` until its outcome is certain: `approved` (the task was approved by it), `changesRequested`
 * (the task went back to work), or `cancelled` (withdrawn, or the task left review another way).
 */
export const REVIEW_ROUND_STATES = ["open", "approved", "changesRequested", "cancelled"] as const;
export type ReviewRoundState = (typeof REVIEW_ROUND_STATES)[number];

export const REVIEW_ROUND_RULE_TEXT: Record<ReviewRoundRule, string> = {
  any: "Any one reviewer approves",
  all: "All reviewers approve",
};

export const REVIEW_ROUND_STATE_TEXT: Record<ReviewRoundState, string> = {
  open: "Open",
  approved: "Approved",
  changesRequested: "Changes requested",
  cancelled: "Cancelled",
};

export const REVIEWER_DECISION_TEXT: Record<ReviewerDecision, string> = {
  pending: "Pending",
  approved: "Approved",
  changesRequested: "Changes requested",
};

// ---------------------------------------------------------------- output

export const reviewerSchema = z.object({
  /** the member asked (null for a removed account, and for a guest) */
  userId: idSchema.nullable(),
  /** the guest asked (design_guests id; null for a member): the web marks them "(guest)" */
  guestId: idSchema.nullable(),
  firstName: z.string(),
  /** redacted like the team list: an initial and a dot unless the caller is admin */
  secondName: z.string(),
  decision: z.enum(["pending", ...REVIEW_DECISIONS]),
  /** the reviewer's note with a decision */
  comment: z.string().nullable(),
  /** epoch ms of the decision; null while pending */
  decidedAt: z.number().nullable(),
  /** the caller is this reviewer and the round is open */
  isMe: z.boolean(),
});
export type Reviewer = z.infer<typeof reviewerSchema>;

export const reviewRoundSchema = z.object({
  id: idSchema,
  /** 1, 2, … per task, in the order sent */
  number: z.number().int(),
  state: z.enum(REVIEW_ROUND_STATES),
  rule: z.enum(REVIEW_ROUND_RULES),
  /** the due day: 23:59:59 UTC of it, epoch ms */
  dueAt: z.number().int(),
  sentAt: z.number().int(),
  closedAt: z.number().nullable(),
  sentBy: z.object({ firstName: z.string(), secondName: z.string() }),
  /** the designer file versions sent (SPEC §3 uuid) and their names */
  designs: z.array(z.object({ uuid: idSchema, name: z.string(), version: z.number().int() })),
  reviewers: z.array(reviewerSchema),
  abilities: z.object({
    /** the caller may decide in this round now (a pending or decided reviewer of an open round) */
    canDecide: z.boolean(),
    canCancel: z.boolean(),
  }),
});
export type ReviewRound = z.infer<typeof reviewRoundSchema>;

/** Someone who may be asked to review the task: an active member of the project's team. */
export const reviewerCandidateSchema = z.object({
  userId: idSchema,
  firstName: z.string(),
  secondName: z.string(),
  projectRole: z.string(),
});
export type ReviewerCandidate = z.infer<typeof reviewerCandidateSchema>;

/** A guest who may be asked: they used one of the task's live links (decision 059). */
export const guestReviewerCandidateSchema = z.object({
  guestId: idSchema,
  name: z.string(),
  email: z.string(),
});
export type GuestReviewerCandidate = z.infer<typeof guestReviewerCandidateSchema>;

/** A task's rounds, newest first, and what the caller may start. */
export const taskReviewRoundsSchema = z.object({
  taskId: idSchema,
  items: z.array(reviewRoundSchema),
  /** the caller may send a round now (owner, editor, staff; task in review; no open round) */
  canSend: z.boolean(),
  /** who may be asked (only for a caller who may send; empty otherwise) */
  candidates: z.array(reviewerCandidateSchema),
  /** guests who may be asked beside members (only for a caller who may send; empty otherwise) */
  guestCandidates: z.array(guestReviewerCandidateSchema),
});
export type TaskReviewRounds = z.infer<typeof taskReviewRoundsSchema>;

// ---------------------------------------------------------------- input

const taskRef = { projectId: idSchema, taskId: idSchema };

const uniqueIds = (label: string, max: number, min = 1) =>
  z
    .array(idSchema)
    .min(min, { message: `Choose at least one ${label}` })
    .max(max, { message: `At most ${max} ${label}s` })
    .refine((ids) => new Set(ids).size === ids.length, { message: `Each ${label} once` });

export const sendReviewRoundSchema = z
  .object({
    ...taskRef,
    /** current designer file versions of the task (SPEC §3 uuid) */
    designerFileUuids: uniqueIds("design", DESIGN_FILES_PER_TASK_MAX),
    /** members of the team asked (may be empty when guests are asked) */
    reviewerIds: uniqueIds("reviewer", REVIEW_ROUND_REVIEWERS_MAX, 0),
    /** guests who used one of the task's live links (design_guests ids), asked beside members */
    guestIds: uniqueIds("guest", REVIEW_ROUND_REVIEWERS_MAX, 0).default([]),
    rule: z.enum(REVIEW_ROUND_RULES, { message: "Choose who must approve: any one reviewer or all" }),
    /** a day, as task deadlines: 23:59:59 UTC of it; not 0, and not a day already over */
    dueAt: deadlineSchema.refine((value) => value > 0, { message: "Choose the due day" }),
  })
  .superRefine((value, issue) => {
    const asked = value.reviewerIds.length + value.guestIds.length;
    if (asked === 0) issue.addIssue({ code: "custom", path: ["reviewerIds"], message: "Choose at least one reviewer" });
    else if (asked > REVIEW_ROUND_REVIEWERS_MAX) {
      issue.addIssue({
        code: "custom",
        path: ["reviewerIds"],
        message: `At most ${REVIEW_ROUND_REVIEWERS_MAX} reviewers`,
      });
    }
  });
export type SendReviewRoundInput = z.infer<typeof sendReviewRoundSchema>;

export const decideReviewRoundSchema = z.object({
  ...taskRef,
  roundId: idSchema,
  decision: z.enum(REVIEW_DECISIONS, { message: "Approve or request changes" }),
  comment: textSchema()
    .trim()
    .max(COMMENT_MAX, { message: `Comment must be at most ${COMMENT_MAX} characters` })
    .optional(),
});

export const cancelReviewRoundSchema = z.object({ ...taskRef, roundId: idSchema });
