import { z } from "zod";
import { idSchema, pageOf, textSchema } from "./common.ts";

// --- API tokens ---

/** `read` answers GET calls only; `write` every call a session of the same person may make. */
export const API_TOKEN_SCOPES = ["read", "write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_NAME_MAX = 80;
/** How long a new token lives, in days (the create form offers these). */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** Live tokens one person may hold: enough for every script, few enough to list on one screen. */
export const API_TOKENS_PER_PERSON = 20;
/** Calls one token may make per minute (429 beyond), counted per token, not per person. */
export const API_TOKEN_CALLS_PER_MINUTE = 120;
/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = "atl_";

export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.number(),
  expiresAt: z.number(),
  /** null until the token is first used */
  lastUsedAt: z.number().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** A token as an admin's list shows it: with whose it is. */
export const adminApiTokenSchema = apiTokenSchema.extend({
  owner: z.object({ id: idSchema, name: z.string(), surname: z.string(), email: z.string() }),
});
export type AdminApiToken = z.infer<typeof adminApiTokenSchema>;
export const adminApiTokenPageSchema = pageOf(adminApiTokenSchema);

export const createApiTokenSchema = z.object({
  name: textSchema("Name is required")
    .trim()
    .min(1, { message: "Name is required" })
    .max(API_TOKEN_NAME_MAX, { message: `Name must be at most ${API_TOKEN_NAME_MAX} characters` }),
  scope: z.enum(API_TOKEN_SCOPES, { message: "Choose read or write" }),
  expiresInDays: z.literal([...API_TOKEN_EXPIRY_DAYS], {
    message: `Expiry must be one of ${API_TOKEN_EXPIRY_DAYS.join(", ")} days`,
  }),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

/** The token itself is in this answer only: the server keeps its hash. */
export const createdApiTokenSchema = z.object({ token: z.string(), apiToken: apiTokenSchema });

// --- Calendar feeds ---

/** `deadlines`: tasks with a deadline in the projects one sees; `schedule` (platform team): tasks over their days. */
export const CALENDAR_FEED_KINDS = ["deadlines", "schedule"] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

export const calendarFeedSchema = z.object({
  kind: z.enum(CALENDAR_FEED_KINDS),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedsSchema = z.object({
  items: z.array(calendarFeedSchema),
  /** the kinds this person may subscribe to */
  available: z.array(z.enum(CALENDAR_FEED_KINDS)),
});

export const calendarKindParams = z.object({ kind: z.enum(CALENDAR_FEED_KINDS) });

/** The feed's secret address, shown once: a new one replaces (and ends) the old. */
export const createdCalendarFeedSchema = z.object({ url: z.string(), feed: calendarFeedSchema });

export const calendarFeedParams = z.object({ token: textSchema().max(200) });
