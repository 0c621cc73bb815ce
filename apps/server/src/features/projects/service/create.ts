import {
  canAdminCreateProject,
  canCreateProject,
  canCreateProjectForCustomer,
  type contract,
  type EndpointParsed,
  PROJECT_MESSAGES,
  type Project,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, ruleRefused, unauthenticated } from "../../../core/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { createAccount, findUserByEmail, findUserById, hashNewPassword, type UserRow } from "../../users/index.ts";
import { ensureAllowed } from "../access.ts";
import { insertProject, type NewProjectRow } from "../repo/projects.ts";
import { presentProjectFor } from "./detail.ts";
import { addProjectMember } from "./team.ts";

type CreateInput = EndpointParsed<typeof contract.projects.create>["body"];
type AdminCreateInput = EndpointParsed<typeof contract.projects.adminCreate>["body"];

/** `POST /v3/project/create`: customers for themselves, staff for an existing or a new customer. */
export async function createProject(ctx: AppContext, actor: Actor, input: CreateInput): Promise<Project> {
  ensureAllowed(canCreateProject(actor));
  return createProjectWithOwner(ctx, actor, input, {});
}

/** `POST /v3/project/adminCreate`: the admin's variant, which can also set the Dropbox link and plan. */
export async function adminCreateProject(ctx: AppContext, actor: Actor, input: AdminCreateInput): Promise<Project> {
  ensureAllowed(canAdminCreateProject(actor));
  const { dropboxShareLinkToFolder, customerPaymentPlan, customerPaymentPlanCurrentPeriodEnd } = input;
  return createProjectWithOwner(ctx, actor, input, {
    dropboxShareLinkToFolder: dropboxShareLinkToFolder ?? null,
    paymentPlan: customerPaymentPlan ?? "none",
    paymentPlanPeriodEnd: customerPaymentPlanCurrentPeriodEnd
      ? new Date(customerPaymentPlanCurrentPeriodEnd * 1000)
      : null,
  });
}

async function createProjectWithOwner(
  ctx: AppContext,
  actor: Actor,
  input: CreateInput,
  extra: Partial<NewProjectRow>,
): Promise<Project> {
  const createsCustomer = canCreateProjectForCustomer(actor) && !input.isExistingCustomer;
  // argon2 is slow on purpose; hash before the transaction so it holds no connection meanwhile.
  const passwordHash =
    createsCustomer && input.customerPassword
      ? await hashNewPassword(input.customerPassword, "customerPassword")
      : null;
  return ctx.db.transaction(async (tx) => {
    const owner = await resolveOwner(tx, actor, input, passwordHash);
    const project = await insertProject(tx, {
      ...extra,
      name: input.name,
      ownerId: owner.id,
      customerFirstName: owner.name,
      customerLastName: owner.surname,
      customerCompanyName: input.customerCompanyName || null,
    });
    const membership = await addProjectMember(tx, {
      projectId: project.id,
      userId: owner.id,
      projectRole: "owner",
      invitedById: actor.id,
    });
    // Staff creating for a customer are not put on the team: they manage every project anyway.
    return presentProjectFor(tx, actor, { project, membership: owner.id === actor.id ? membership : null });
  });
}

/** Whose project it is: the customer themselves, an existing customer picked by staff, or a new one. */
async function resolveOwner(
  db: DbOrTx,
  actor: Actor,
  input: CreateInput,
  passwordHash: string | null,
): Promise<UserRow> {
  if (!canCreateProjectForCustomer(actor)) {
    const self = await findUserById(db, actor.id);
    if (!self) throw unauthenticated();
    return self;
  }
  if (!input.isExistingCustomer) {
    if (!passwordHash || !input.customerEmail || !input.customerFirstName || !input.customerLastName) {
      // The schema requires them; this keeps the types honest.
      throw badInput({ customerEmail: PROJECT_MESSAGES.customerDetailsRequired });
    }
    return createAccount(
      db,
      {
        role: "customer",
        email: input.customerEmail,
        name: input.customerFirstName,
        surname: input.customerLastName,
        passwordHash,
      },
      "customerEmail",
    );
  }
  if (!input.customerEmail) throw badInput({ customerEmail: "E-mail is required" });
  const customer = await findUserByEmail(db, input.customerEmail);
  if (customer?.role !== "customer") {
    throw ruleRefused(PROJECT_MESSAGES.noSuchCustomer, {
      customerEmail: PROJECT_MESSAGES.noSuchCustomer,
    });
  }
  return customer;
}
