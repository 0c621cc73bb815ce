import { z } from "zod";
import { HOUR_RATE_MAX, USER_SEARCH_MAX } from "../limits.ts";
import { MESSAGES } from "../messages.ts";
import { ASSIGNABLE_STAFF_ROLES, ROLES } from "../roles.ts";
import { emailSchema, fileKeySchema, idSchema, passwordHashSchema, personNameSchema, textSchema } from "./common.ts";

export const TASK_SORT_TYPES = ["priority", "created", "status", "custom"] as const;
export type TaskSortType = (typeof TASK_SORT_TYPES)[number];
export const TASK_SORT_LABELS: Record<TaskSortType, string> = {
  priority: "Priority",
  created: "Date added",
  status: "Status",
  custom: "Custom",
};

/** SPEC §3 User, as it leaves the server: never any password. */
/**
 * An account search (`q` of the user list and the designer picker, `search` of the customer
 * picker): name or e-mail words, case-insensitive; every word must appear in "name surname email"
 * (so "ada adm" and "example.com" both match). Trimmed; blank means no filter.
 */
export const accountSearchSchema = textSchema().trim().max(USER_SEARCH_MAX).optional();

export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  avatarKey: z.string().nullable(),
  /** dollars per hour */
  hourRate: z.number(),
  dailyAvailability: z.number(),
  taskSortType: z.enum(TASK_SORT_TYPES),
  /** dollars the platform owes a designer */
  debtMoney: z.number(),
  createdAt: z.number(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The answer to a save of user details (`POST /user`, `POST /profile/update`). `pendingEmail`: a
 * new sign-in e-mail that waits for the link sent to it; `email` is still the old one, which keeps
 * signing in until the link is opened.
 */
export const savedUserSchema = userSchema.extend({ pendingEmail: z.string().optional() });
export type SavedUser = z.infer<typeof savedUserSchema>;

/** `POST /auth/emailChange/confirm`: the token from the link sent to the new address. */
export const confirmEmailChangeSchema = z.object({
  token: textSchema().min(1, { message: "Token is required" }).max(200),
});
export const emailChangeConfirmedSchema = z.object({ email: z.string() });

const hourRateSchema = z
  .number({ message: "Hour rate must be a number" })
  .min(0, { message: "Hour rate cannot be negative" })
  .max(HOUR_RATE_MAX, { message: `Hour rate must be at most ${HOUR_RATE_MAX}` })
  .multipleOf(0.01, { message: "Hour rate has at most two decimals" });

const dailyAvailabilitySchema = z
  .number({ message: "Daily availability must be a number" })
  .min(0, { message: "Daily availability cannot be negative" })
  .max(24, { message: "Daily availability is at most 24 hours" });

/**
 * SPEC §3 Designer form. Without `id` it creates a user (password and role required); with `id`
 * it updates, and a password is refused (400): nobody sets another user's password (DESIGN §5),
 * a user changes their own through `POST /profile/update`.
 */
export const saveUserSchema = z
  .object({
    id: idSchema.optional(),
    name: personNameSchema("Name"),
    surname: personNameSchema("Surname"),
    email: emailSchema,
    password: passwordHashSchema.optional(),
    hourRate: hourRateSchema.optional(),
    dailyAvailability: dailyAvailabilitySchema.optional(),
    role: z.enum(ASSIGNABLE_STAFF_ROLES, { message: "Role must be designer or projectManager" }).optional(),
    avatarKey: fileKeySchema.nullable().optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.id && !input.password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: "Password is required" });
    }
    if (!input.id && !input.role) {
      ctx.addIssue({ code: "custom", path: ["role"], message: "Role is required" });
    }
    if (input.id && input.password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: MESSAGES.passwordOnlyByOwner });
    }
  });
export type SaveUserInput = z.input<typeof saveUserSchema>;
export type SaveUser = z.output<typeof saveUserSchema>;

export const updateProfileSchema = z
  .object({
    name: personNameSchema("Name").optional(),
    surname: personNameSchema("Surname").optional(),
    /** a new sign-in e-mail: needs `currentPassword`, and changes once the link sent there is opened */
    email: emailSchema.optional(),
    avatarKey: fileKeySchema.nullable().optional(),
    taskSortType: z.enum(TASK_SORT_TYPES).optional(),
    currentPassword: passwordHashSchema.optional(),
    newPassword: passwordHashSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.newPassword && !input.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "Current password is required" });
    }
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;

export const customerSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
