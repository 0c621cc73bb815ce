import { z } from "zod";
import { COUNTRY_CODES } from "../country-codes.ts";
import { CUSTOMER_TYPES } from "../customer-types.ts";
import { BILLING_FIELD_MAX, CLIENT_NOTES_MAX, PAGE_SIZE, PROJECT_NAME_MAX } from "../limits.ts";
import { INVITE_ROLES } from "../permissions/projects.ts";
import { type AdminPlanCode, PAYMENT_PLANS } from "../plans.ts";
import { PROJECT_ROLES, ROLES } from "../roles.ts";
import { emailSchema, idSchema, pageQuery, passwordHashSchema, personNameSchema, textSchema } from "./common.ts";
import { planByHandIssue, planByHandPeriodEndSchema, planByHandSchema } from "./plan-by-hand.ts";

export const PROJECT_STATES = ["inProgress", "archived"] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

export const PROJECT_SORTS = ["created", "name"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const PROJECT_SORT_LABELS: Record<ProjectSort, string> = { created: "Newest first", name: "Name (A–Z)" };

/** Texts of the project rules the server refuses with (412/409); the web shows them as 'Error: ' + text. */
export const PROJECT_MESSAGES = {
  noSuchCustomer: "No customer account with this e-mail",
  customerDetailsRequired: "Enter the new customer's details",
  designerInviteNeedsAccount: "Only an existing designer account can join a project as designer",
  managerInviteNeedsAccount: "Only an existing project manager or admin account can join a project as project manager",
  customerRoleNeedsCustomer: "Editors and viewers must be customer accounts",
  alreadyMember: "This user is already on the project",
  ownerCannotBeRemoved: "The owner cannot be removed; make another customer the owner first",
  memberNotFound: "This user is not on the project",
  newOwnerMustBeCustomer: "The new owner must be an active customer on this project",
  planLockedBySubscription: "The plan is managed by the active Stripe subscription",
  nameRequiredForNewAccount: "Enter your name to create your account",
} as const;

// ---------------------------------------------------------------- output

/** SPEC §3 Project user entry, already redacted for the caller (surname initial, e-mail null when hidden). */
export const projectUserSchema = z.object({
  id: idSchema,
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  avatarKey: z.string().nullable(),
  userProjectRole: z.enum(PROJECT_ROLES),
  userProjectRoleText: z.string(),
  userActiveOnProject: z.boolean(),
});
export type ProjectUser = z.infer<typeof projectUserSchema>;

/** What the caller may do with this project, computed by the server from shared/permissions/projects. */
export const projectAbilitiesSchema = z.object({
  /** staff: name, Dropbox link (adminUpdate) */
  canEdit: z.boolean(),
  /** staff and the owner: the name (updateData, no billing details needed) */
  canRename: z.boolean(),
  canEditPlan: z.boolean(),
  canArchive: z.boolean(),
  canDelete: z.boolean(),
  canEditBilling: z.boolean(),
  canChangeOwner: z.boolean(),
  canInvite: z.array(z.enum(INVITE_ROLES)),
  /** ids of team members the caller may remove (never themselves, never the current owner) */
  canRemoveMember: z.array(idSchema),
  canSeeCosts: z.boolean(),
  canSeeBilling: z.boolean(),
  canSeeNotes: z.boolean(),
  canEditNotes: z.boolean(),
});
export type ProjectAbilities = z.infer<typeof projectAbilitiesSchema>;

/**
 * SPEC §3 Project. Fields the caller may not see are null: billing details without
 * `canSeeBilling`, notes without `canSeeNotes`, the owner's e-mail under SPEC §6's e-mail rule.
 */
export const projectSchema = z.object({
  id: idSchema,
  name: z.string(),
  state: z.enum(PROJECT_STATES),
  ownerId: idSchema,
  customerEmail: z.string().nullable(),
  dropboxShareLinkToFolder: z.string().nullable(),
  clientCharacterNotes: z.string().nullable(),
  taskCount: z.number().int(),
  countArchivedTasks: z.number().int(),
  projectUsersFeData: z.array(projectUserSchema),
  customerPaymentPlan: z.enum(PAYMENT_PLANS),
  /** epoch SECONDS (SPEC §3), null when the plan has no period */
  customerPaymentPlanCurrentPeriodEnd: z.number().int().nullable(),
  activeStripeSubscription: z.boolean(),
  customerType: z.enum(CUSTOMER_TYPES),
  customerFirstName: z.string().nullable(),
  customerLastName: z.string().nullable(),
  customerCompanyName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  /** city */
  customerPost: z.string().nullable(),
  customerPostCode: z.string().nullable(),
  customerCountry: z.string().nullable(),
  createdAt: z.number(),
  abilities: projectAbilitiesSchema,
});
export type Project = z.infer<typeof projectSchema>;

/** A team avatar on a list row: small and redacted. */
export const projectListMemberSchema = projectUserSchema.pick({
  id: true,
  name: true,
  surname: true,
  avatarKey: true,
  userProjectRole: true,
});
export type ProjectListMember = z.infer<typeof projectListMemberSchema>;

export const projectListItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  state: z.enum(PROJECT_STATES),
  /** the owner's name, surname redacted as on the team list */
  ownerName: z.string(),
  taskCount: z.number().int(),
  countArchivedTasks: z.number().int(),
  /** active members, owner first */
  team: z.array(projectListMemberSchema),
  createdAt: z.number(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const projectNameItemSchema = z.object({ id: idSchema, name: z.string(), state: z.enum(PROJECT_STATES) });
export type ProjectNameItem = z.infer<typeof projectNameItemSchema>;

// ---------------------------------------------------------------- input

export const projectNameSchema = textSchema("Project name is required")
  .trim()
  .min(1, { message: "Project name is required" })
  .max(PROJECT_NAME_MAX, { message: `Project name must be at most ${PROJECT_NAME_MAX} characters` });

export const billingText = (label: string, min: number) =>
  textSchema(`${label} is required`)
    .trim()
    .min(1, { message: `${label} is required` })
    .min(min, { message: `${label} must be at least ${min} characters` })
    .max(BILLING_FIELD_MAX, { message: `${label} must be at most ${BILLING_FIELD_MAX} characters` });

export const countryCodeSchema = textSchema("Country is required")
  .min(1, { message: "Country is required" })
  .refine((code) => COUNTRY_CODES.includes(code), { message: "Choose a country from the list" });

/** SPEC §3 Billing info with SPEC §5's rules; the company name is required only for a company. */
export const billingShape = {
  customerType: z.enum(CUSTOMER_TYPES, { message: "Customer type must be COMPANY or INDIVIDUAL" }).default("COMPANY"),
  customerFirstName: billingText("First name", 2),
  customerLastName: billingText("Last name", 2),
  customerCompanyName: textSchema()
    .trim()
    .max(BILLING_FIELD_MAX, { message: `Company name must be at most ${BILLING_FIELD_MAX} characters` })
    .optional(),
  customerAddress: billingText("Street address", 1),
  customerPost: billingText("City", 1),
  customerPostCode: billingText("Post code", 1),
  country: countryCodeSchema,
};

export function requireCompanyName(
  input: { customerType: string; customerCompanyName?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (input.customerType === "COMPANY" && !input.customerCompanyName) {
    ctx.addIssue({ code: "custom", path: ["customerCompanyName"], message: "Company full name is required" });
  }
}

export const billingInfoSchema = z.object(billingShape).superRefine(requireCompanyName);
export type BillingInfoInput = z.input<typeof billingInfoSchema>;

export type BillingInfo = z.output<typeof billingInfoSchema>;

const BILLING_KEYS = Object.keys(billingShape) as (keyof typeof billingShape)[];

/**
 * The billing details among other fields: null when none was sent, else all of them (SPEC §5's
 * rules hold as a whole: half an address is no address). Throws when they are incomplete, which
 * `updateProjectDataSchema` has refused before any caller gets here.
 */
export function billingPartOf(input: Partial<Record<keyof typeof billingShape, unknown>>): BillingInfo | null {
  if (!BILLING_KEYS.some((key) => input[key] !== undefined)) return null;
  return billingInfoSchema.parse(Object.fromEntries(BILLING_KEYS.map((key) => [key, input[key]])));
}

/**
 * `POST /v3/project/updateData`: any of a new name, the billing details (all of them or none:
 * issue 29, renaming needs no address) and a new owner among the active customers.
 */
export const updateProjectDataSchema = z
  .object({
    id: idSchema,
    name: projectNameSchema.optional(),
    customerType: z.enum(CUSTOMER_TYPES, { message: "Customer type must be COMPANY or INDIVIDUAL" }).optional(),
    customerFirstName: billingShape.customerFirstName.optional(),
    customerLastName: billingShape.customerLastName.optional(),
    customerCompanyName: billingShape.customerCompanyName,
    customerAddress: billingShape.customerAddress.optional(),
    customerPost: billingShape.customerPost.optional(),
    customerPostCode: billingShape.customerPostCode.optional(),
    country: billingShape.country.optional(),
    ownerId: idSchema.optional(),
  })
  .superRefine((input, ctx) => {
    // Each field given is checked above; here the ones missing from a set begun.
    if (!BILLING_KEYS.some((key) => input[key] !== undefined)) return;
    const billing = billingInfoSchema.safeParse(Object.fromEntries(BILLING_KEYS.map((key) => [key, input[key]])));
    if (billing.success) return;
    for (const issue of billing.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });
export type UpdateProjectDataInput = z.input<typeof updateProjectDataSchema>;

/**
 * SPEC §3 Create-project payload. A customer creates for their own account (the customer fields
 * are ignored). Staff either pick an existing customer by e-mail (`isExistingCustomer: true`) or
 * enter a new customer's details, which creates that account with the pre-hashed password.
 */
const createProjectShape = {
  name: projectNameSchema,
  isExistingCustomer: z.boolean().default(true),
  customerEmail: emailSchema.optional(),
  customerFirstName: personNameSchema("First name").optional(),
  customerLastName: personNameSchema("Last name").optional(),
  customerCompanyName: textSchema().trim().max(BILLING_FIELD_MAX).optional(),
  customerPassword: passwordHashSchema.optional(),
};

function requireNewCustomerDetails(
  input: {
    isExistingCustomer: boolean;
    customerEmail?: string | undefined;
    customerFirstName?: string | undefined;
    customerLastName?: string | undefined;
    customerPassword?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  if (input.isExistingCustomer) return;
  const required = {
    customerFirstName: "First name is required",
    customerLastName: "Last name is required",
    customerEmail: "E-mail is required",
    customerPassword: "Password is required",
  } as const;
  for (const [field, message] of Object.entries(required)) {
    if (!input[field as keyof typeof required]) ctx.addIssue({ code: "custom", path: [field], message });
  }
}

export const createProjectSchema = z.object(createProjectShape).superRefine(requireNewCustomerDetails);
export type CreateProjectInput = z.input<typeof createProjectSchema>;

const httpsUrlSchema = textSchema()
  .trim()
  .max(2000)
  .transform((value) => value || null)
  .pipe(z.url({ protocol: /^https?$/, message: "Must be an http(s) link" }).nullable());

/** The plan fields an admin may set on a project, with the manual plan call's one rule. */
function refinePlanByHand(
  input: {
    customerPaymentPlan?: AdminPlanCode | undefined;
    customerPaymentPlanCurrentPeriodEnd?: number | null | undefined;
  },
  ctx: { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void },
): void {
  const { customerPaymentPlan: paymentPlan, customerPaymentPlanCurrentPeriodEnd: periodEnd } = input;
  if (paymentPlan === undefined) {
    if (periodEnd !== undefined) {
      ctx.addIssue({ code: "custom", path: ["customerPaymentPlan"], message: "Choose a plan" });
    }
    return;
  }
  const message = planByHandIssue({ paymentPlan, periodEnd });
  if (message) ctx.addIssue({ code: "custom", path: ["customerPaymentPlanCurrentPeriodEnd"], message });
}

/** Admin create: the same payload plus the fields only staff set (the plan as the manual plan call sets it). */
export const adminCreateProjectSchema = z
  .object({
    ...createProjectShape,
    dropboxShareLinkToFolder: httpsUrlSchema.optional(),
    customerPaymentPlan: planByHandSchema.optional(),
    customerPaymentPlanCurrentPeriodEnd: planByHandPeriodEndSchema.optional(),
  })
  .superRefine(requireNewCustomerDetails)
  .superRefine(refinePlanByHand);
export type AdminCreateProjectInput = z.input<typeof adminCreateProjectSchema>;

/**
 * `POST /v3/project/adminUpdate` (staff): only the fields given change. The plan fields are the
 * manual plan call's (admin only, same codes, same rule: a period end ahead), under their names here.
 */
export const adminUpdateProjectSchema = z
  .object({
    id: idSchema,
    name: projectNameSchema.optional(),
    dropboxShareLinkToFolder: httpsUrlSchema.nullable().optional(),
    customerPaymentPlan: planByHandSchema.optional(),
    /** epoch seconds */
    customerPaymentPlanCurrentPeriodEnd: planByHandPeriodEndSchema.optional(),
  })
  .superRefine(refinePlanByHand);
export type AdminUpdateProjectInput = z.input<typeof adminUpdateProjectSchema>;

export const changeProjectStateSchema = z.object({
  id: idSchema,
  state: z.enum(PROJECT_STATES, { message: "State must be inProgress or archived" }),
});

export const updateClientNotesSchema = z.object({
  projectId: idSchema,
  clientCharacterNotes: textSchema("Notes must be text").max(CLIENT_NOTES_MAX, {
    message: `Notes must be at most ${CLIENT_NOTES_MAX} characters`,
  }),
});

export const projectListQuerySchema = z.object({
  projectState: z.enum(PROJECT_STATES, { message: "State must be inProgress or archived" }).default("inProgress"),
  sort: z.enum(PROJECT_SORTS, { message: "Sort must be created or name" }).default("created"),
  ...pageQuery(PAGE_SIZE.projects),
});

export const projectNamesQuerySchema = z.object({ ...pageQuery(PAGE_SIZE.projectNames) });

export const removeMemberParams = z.object({ id: idSchema, userId: idSchema });
