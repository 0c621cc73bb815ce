/** Named limits, shared by the server (to enforce) and the web (to show). */
/** Every text of a request, unless its field allows less (schemas/common.ts `textSchema`). */
export const TEXT_MAX = 10_000;
/** The last millisecond of 9999-12-31 (UTC): the latest time a request may carry. */
export const TIME_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const PROJECT_NAME_MAX = 120;
export const CLIENT_NOTES_MAX = 10_000;
export const BILLING_FIELD_MAX = 200;

export const PAGE_SIZE = {
  projects: 20,
  projectNames: 20,
  tasks: 10,
  archivedTasks: 10,
  dashboardTasks: 20,
  taskHistory: 20,
  users: 50,
  /** pending invites of one project (a contract decision: SPEC names no such list) */
  pendingInvites: 50,
} as const;
export const PAGE_SIZE_MAX = 100;

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 10_000;
export const TASK_FILES_MAX = 20;
/** SPEC §5 sliders: hours to completion 0–72 (ruler every 12), estimated work 0–50 (ruler every 10, last "50+"). */
export const ETA_HOURS_MAX = 72;
export const ETA_RULER_STEP = 12;
export const ESTIMATED_WORK_MAX = 50;
export const ESTIMATED_WORK_RULER_STEP = 10;
export const TASK_SEARCH_MAX = 100;
/** `q` of the account lists and pickers: name or e-mail words (a full e-mail fits). */
export const USER_SEARCH_MAX = 100;
/** Designers not on the team the assign dialog offers at once (A→Z); a search finds the rest. */
export const AVAILABLE_DESIGNERS_OTHERS = 20;

export const DEFAULT_DAILY_AVAILABILITY = 8;
export const HOUR_RATE_MAX = 10_000;

export const AVATAR_SIZES = [48, 96, 240] as const;
export const THUMBNAIL_SIZE = 80;
/** Sizes `/serve/s/{key}?w&h` accepts; anything else is refused so variants stay few. */
export const IMAGE_VARIANT_SIZES = [48, 80, 96, 240] as const;

export const TOAST_MS = 4000;

export const SESSION_DAYS = 30;
export const PASSWORD_RESET_MINUTES = 60;
/** How long the link confirming a new sign-in e-mail stays valid. */
export const EMAIL_CHANGE_HOURS = 24;
export const INVITE_DAYS = 7;

/**
 * Failed password sign-ins one e-mail takes, from any address, within SIGN_IN_LOCK_MINUTES before
 * password sign-in to it is locked for SIGN_IN_LOCK_MINUTES (decision 028).
 */
export const SIGN_IN_FAILURES_MAX = 10;
export const SIGN_IN_LOCK_MINUTES = 15;
/**
 * Wrong second-factor codes one account takes, across its sign-in challenges, within
 * SECOND_FACTOR_LOCK_MINUTES before the code step is locked for SECOND_FACTOR_LOCK_MINUTES
 * (even for a right code) and the owner is told by e-mail.
 */
export const SECOND_FACTOR_FAILURES_MAX = 10;
export const SECOND_FACTOR_LOCK_MINUTES = 15;

/** New passwords are checked in the browser: the server only ever sees their SHA-256. */
export const PASSWORD_MIN_LENGTH = 8;

/** Designs and review: files attached per call and per task, comment length, files per comment. */
export const DESIGN_FILES_PER_CALL_MAX = 20;
export const DESIGN_FILES_PER_TASK_MAX = 200;
export const COMMENT_MAX = 5_000;
export const COMMENT_FILES_MAX = 10;
/** People one task comment may name with @ (issue 29). */
export const TASK_COMMENT_MENTIONS_MAX = 20;
/** SPEC §9: the download-zip dialog polls once a second. */
export const ZIP_POLL_MS = 1000;
/** The reason an admin gives when rejecting a payment order (the customer reads it). */
export const ORDER_REJECTION_REASON_MAX = 500;

/** Review rounds (issue 23, part 4): people asked in one round, and rounds one task keeps. */
export const REVIEW_ROUND_REVIEWERS_MAX = 20;
export const REVIEW_ROUNDS_PER_TASK_MAX = 50;
