import { z } from "zod";
import { NAME_MAX } from "../limits.ts";
import { INVITE_ROLES } from "../permissions/projects.ts";
import { emailSchema, idSchema, passwordHashSchema, personNameSchema, textSchema } from "./common.ts";
import { secondFactorChallengeSchema } from "./privacy.ts";
import { billingShape, billingText, projectNameSchema, projectUserSchema, requireCompanyName } from "./project.ts";
import { userSchema } from "./user.ts";

/** Joining projects: invites (SPEC §3 Invite payload) and the open invite and onboarding calls. */

/** SPEC §3 Invite payload. */
export const inviteToProjectSchema = z.object({
  role: z.enum(INVITE_ROLES, { message: "Role must be editor, viewer, designer or projectManager" }),
  email: emailSchema,
  projectId: idSchema,
});
export type InviteToProjectInput = z.input<typeof inviteToProjectSchema>;

export const inviteResultSchema = z.object({
  /** true: the account existed and is on the team now; false: an invite e-mail was sent */
  invitedExistingUser: z.boolean(),
  /** the new team entry when the user joined at once */
  projectUser: projectUserSchema.nullable(),
});

const inviteKeySchema = textSchema("Invite key is required").min(1, { message: "Invite key is required" }).max(200);

export const inviteKeyQuerySchema = z.object({ inviteKey: inviteKeySchema });

export const projectInviteSchema = z.object({
  projectName: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  /** who sent it, surname as an initial */
  invitedBy: z.string(),
  /** epoch ms */
  expiresAt: z.number(),
  /** true: accept with the account's password; false: accept creates a customer account */
  hasAccount: z.boolean(),
});
export type ProjectInvite = z.infer<typeof projectInviteSchema>;

export const acceptInviteSchema = z.object({
  inviteKey: inviteKeySchema,
  name: personNameSchema("Name").optional(),
  surname: personNameSchema("Surname").optional(),
  password: passwordHashSchema,
});
export type AcceptInviteInput = z.input<typeof acceptInviteSchema>;

/** Open onboarding (/onboard): the customer's account, billing details and first project at once. */
export const onboardCustomerSchema = z
  .object({
    // The account's name is also the billing name, so it follows the billing rule (min 2).
    name: billingText("First name", 2).max(NAME_MAX, { message: `First name must be at most ${NAME_MAX} characters` }),
    surname: billingText("Last name", 2).max(NAME_MAX, { message: `Last name must be at most ${NAME_MAX} characters` }),
    email: emailSchema,
    password: passwordHashSchema,
    projectName: projectNameSchema,
    customerType: billingShape.customerType,
    customerCompanyName: billingShape.customerCompanyName,
    customerAddress: billingShape.customerAddress,
    customerPost: billingShape.customerPost,
    customerPostCode: billingShape.customerPostCode,
    country: billingShape.country,
  })
  .superRefine(requireCompanyName);
export type OnboardCustomerInput = z.input<typeof onboardCustomerSchema>;

/** Invite accept and onboarding: a session (or the second-factor challenge) and the project joined or made. */
export const sessionWithProjectSchema = z.union([
  z.object({ token: z.string(), user: userSchema, projectId: idSchema }),
  secondFactorChallengeSchema.extend({ projectId: idSchema }),
]);
export type SessionWithProject = z.infer<typeof sessionWithProjectSchema>;

// ------------------------------------------------------------- pending invites (not in SPEC)

/** A project's pending invite, for those who may invite with its role: not yet accepted nor revoked. */
export const pendingInviteSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  /** who sent it, surname as an initial; null when that account is gone */
  invitedBy: z.string().nullable(),
  /** epoch ms */
  createdAt: z.number(),
  /** epoch ms; an expired invite stays listed so it can be resent */
  expiresAt: z.number(),
  isExpired: z.boolean(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;

export const pendingInviteParams = z.object({ id: idSchema, inviteId: idSchema });
