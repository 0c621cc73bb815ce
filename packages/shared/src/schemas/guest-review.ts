import { z } from "zod";
import { emailSchema, idSchema, passwordHashSchema, personNameSchema, textSchema, timeSchema } from "./common.ts";
import { commentTextSchema, designerFileSchema, pinSchema } from "./design.ts";
import { taskRefSchema } from "./task.ts";

/**
 * Guest reviewers (issue 23, part 3): a task's designs shared by a link with people who have no
 * account. The link's secret (`GUEST_LINK_BYTES` random bytes) and each guest's token are shown once
 * and stored only as hashes (docs/decisions/059-guest-reviewers.md).
 */

/** A guest's token, sent as `Guest-Token`; the prefix lets every other call recognise and refuse it. */
export const GUEST_TOKEN_PREFIX = "atg_";
/** Header a guest's calls carry their token in (never `Auth-Token` or `Authorization`). */
export const GUEST_TOKEN_HEADER = "guest-token";
/** Live links per task, so a task cannot collect thousands of forgotten links. */
export const GUEST_SHARES_PER_TASK = 20;
/** The longest a link may live: a year. */
export const GUEST_SHARE_MAX_DAYS = 365;

export const GUEST_MESSAGES = {
  linkNotFound: "This review link does not exist. Ask for a new one.",
  linkRevoked: "This review link was turned off by the person who shared it.",
  linkExpired: "This review link has expired. Ask for a new one.",
  passwordRequired: "This review link needs its password",
  wrongPassword: "Wrong password",
  expiryInPast: "The expiry must be in the future",
  expiryTooFar: `A link lives at most ${GUEST_SHARE_MAX_DAYS} days`,
  tooManyShares: `A task can have at most ${GUEST_SHARES_PER_TASK} live review links`,
  decisionNotAllowed: "This link does not let guests approve or request changes",
  notInReview: "The task is not waiting for review",
  shareNotFound: "Review link not found",
} as const;

/** The link's secret as it appears in `/app/review/{link}`: 256 random bits, base64url. */
export const guestLinkSchema = textSchema("Link is required").regex(/^[A-Za-z0-9_-]{43}$/, {
  message: "Must be a review link",
});

export const createGuestShareSchema = taskRefSchema.extend({
  /** epoch ms; null: until revoked */
  expiresAt: timeSchema().nullable().default(null),
  /** the SHA-256 hex of the password, as for account passwords; null: none */
  password: passwordHashSchema.nullable().default(null),
  /** guests may approve the task or request changes */
  allowDecision: z.boolean().default(false),
});
export type CreateGuestShareInput = z.input<typeof createGuestShareSchema>;

export const revokeGuestShareSchema = taskRefSchema.extend({ shareId: idSchema });

/** A guest as the team sees them; `id` is what comments and review rounds reference. */
export const guestSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  /** epoch ms of their first and latest call */
  firstSeenAt: z.number(),
  lastSeenAt: z.number(),
});
export type Guest = z.infer<typeof guestSchema>;

export const guestShareSchema = z.object({
  id: idSchema,
  createdAt: z.number(),
  createdByName: z.string(),
  expiresAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
  hasPassword: z.boolean(),
  allowDecision: z.boolean(),
  /** who opened it, first first */
  guests: z.array(guestSchema),
});
export type GuestShare = z.infer<typeof guestShareSchema>;

export const guestSharesSchema = z.object({ items: z.array(guestShareSchema), canShare: z.boolean() });
export type GuestShares = z.infer<typeof guestSharesSchema>;

/** The create answer: the link's secret, shown this once. */
export const createdGuestShareSchema = z.object({ link: z.string(), share: guestShareSchema });
export type CreatedGuestShare = z.infer<typeof createdGuestShareSchema>;

// The guest's side.

export const guestOpenSchema = z.object({ link: guestLinkSchema });

/** What a guest sees before giving their name: whose review it is and what it asks. */
export const guestLinkInfoSchema = z.object({
  projectName: z.string(),
  taskTitle: z.string(),
  passwordRequired: z.boolean(),
  allowDecision: z.boolean(),
});
export type GuestLinkInfo = z.infer<typeof guestLinkInfoSchema>;

export const guestJoinSchema = z.object({
  link: guestLinkSchema,
  password: passwordHashSchema.nullable().default(null),
  name: personNameSchema("Name"),
  email: emailSchema,
});
export type GuestJoinInput = z.input<typeof guestJoinSchema>;

export const guestSessionSchema = z.object({
  guestToken: z.string(),
  guest: z.object({ id: idSchema, name: z.string(), email: z.string() }),
});
export type GuestSession = z.infer<typeof guestSessionSchema>;

export const GUEST_DECISIONS = ["approved", "changesRequested"] as const;

/** The task's current designs and their comments, as a guest sees them. */
export const guestReviewSchema = z.object({
  projectName: z.string(),
  taskTitle: z.string(),
  taskStatus: z.string(),
  guest: z.object({ id: idSchema, name: z.string(), email: z.string() }),
  /**
   * the guest may decide now: asked in the task's open review round, or (no round open) the link
   * lets guests decide and the task waits for review
   */
  canDecide: z.boolean(),
  allowDecision: z.boolean(),
  /** the open review round the guest was asked in (decision 060), with their decision so far */
  reviewRound: z
    .object({ number: z.number().int(), dueAt: z.number().int(), decision: z.enum(["pending", ...GUEST_DECISIONS]) })
    .nullable(),
  designerFileList: z.array(designerFileSchema),
});
export type GuestReview = z.infer<typeof guestReviewSchema>;

export const guestCommentSchema = z.object({
  designerFileUuid: idSchema,
  comment: commentTextSchema,
  pin: pinSchema.nullable().default(null),
});
export const guestReplySchema = z.object({ commentId: idSchema, comment: commentTextSchema });
export const guestDecisionSchema = z.object({ decision: z.enum(GUEST_DECISIONS) });

/** Password tries on one link per 15 minutes (right or wrong), then 429 until the window ends. */
export const GUEST_PASSWORD_TRIES = 10;
/** A guest's calls per minute, counted per guest as an API token's are. */
export const GUEST_CALLS_PER_MINUTE = 120;

/** The secret of a reply e-mail's unsubscribe link (`/app/review/unsubscribe#…`). */
export const guestUnsubscribeSchema = z.object({ token: guestLinkSchema });
