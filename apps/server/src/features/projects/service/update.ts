import {
  billingPartOf,
  canChangeOwner,
  canChangeProjectState,
  canDeleteProject,
  canEditBilling,
  canEditClientNotes,
  canEditProject,
  canRenameProject,
  type contract,
  type EndpointParsed,
  isCustomerProjectRole,
  PROJECT_MESSAGES,
  type Project,
  type ProjectState,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { ensureAllowed, loadVisibleProject } from "../access.ts";
import { findMember, setMemberRole } from "../repo/members.ts";
import { markProjectDeleted, type NewProjectRow, updateProjectRow } from "../repo/projects.ts";
import { billingColumns } from "./billing.ts";
import { getProject, presentProjectFor } from "./detail.ts";
import type { ProjectsContext } from "./plan-door.ts";

type AdminUpdateInput = EndpointParsed<typeof contract.projects.adminUpdate>["body"];
type UpdateDataInput = EndpointParsed<typeof contract.projects.updateData>["body"];

/** Writes the row and answers the project as the actor now sees it. */
async function saveAndPresent(
  ctx: AppContext,
  actor: Actor,
  access: Awaited<ReturnType<typeof loadVisibleProject>>,
  values: Partial<NewProjectRow>,
): Promise<Project> {
  const project = await updateProjectRow(ctx.db, access.project.id, values);
  if (!project) throw notFound();
  return presentProjectFor(ctx.db, actor, { ...access, project });
}

/** `POST /v3/project/changeState`: inProgress ⇄ archived; setting the current state again changes nothing. */
export async function changeProjectState(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; state: ProjectState },
): Promise<Project> {
  const access = await loadVisibleProject(ctx, actor, input.id);
  ensureAllowed(canChangeProjectState(actor, access.membership));
  if (access.project.state === input.state) return presentProjectFor(ctx.db, actor, access);
  return saveAndPresent(ctx, actor, access, { state: input.state });
}

/** `DELETE /v3/project/{id}`: the project leaves every list and screen (its row stays for the work log). */
export async function deleteProject(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
  preloaded?: PreloadedScope,
): Promise<void> {
  const access = await loadVisibleProject(ctx, actor, input.id, preloaded);
  ensureAllowed(canDeleteProject(actor, access.membership));
  await markProjectDeleted(ctx.db, access.project.id);
}

/**
 * `POST /v3/project/adminUpdate` (staff): name and Dropbox link. The plan fields go through the
 * billing feature's plan-by-hand door (admin only, period end ahead), the same as the manual plan call.
 */
export async function adminUpdateProject(
  ctx: ProjectsContext,
  actor: Actor,
  input: AdminUpdateInput,
): Promise<Project> {
  const access = await loadVisibleProject(ctx, actor, input.id);
  ensureAllowed(canEditProject(actor, access.membership));
  const { customerPaymentPlan: paymentPlan, customerPaymentPlanCurrentPeriodEnd: periodEnd } = input;
  if (paymentPlan === undefined && periodEnd !== undefined) throw badInput({ customerPaymentPlan: "Choose a plan" });
  if (paymentPlan !== undefined) {
    await ctx.setPlanByHand(ctx, actor, {
      project: access.project,
      paymentPlan,
      periodEnd,
      periodEndField: "customerPaymentPlanCurrentPeriodEnd",
    });
  }
  return saveAndPresent(ctx, actor, access, {
    name: input.name,
    dropboxShareLinkToFolder: input.dropboxShareLinkToFolder,
  });
}

/**
 * `POST /v3/project/updateData`: any of a new name (staff and the owner), the billing details
 * (SPEC §5, all or none, validated by the shared schema) and, with `ownerId`, handing the project
 * to another active customer on it; the old owner stays as editor. Renaming and handing over need
 * no billing details (issue 29): those are asked where billing needs them.
 */
export async function updateProjectData(ctx: AppContext, actor: Actor, input: UpdateDataInput): Promise<Project> {
  const access = await loadVisibleProject(ctx, actor, input.id);
  const billingPart = billingPartOf(input);
  if (input.name !== undefined) ensureAllowed(canRenameProject(actor, access.membership));
  if (billingPart || input.ownerId || input.name === undefined) ensureAllowed(canEditBilling(actor, access.membership));
  const changes: Partial<NewProjectRow> = {
    ...(billingPart ? billingColumns(billingPart) : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
  };
  const newOwnerId = input.ownerId && input.ownerId !== access.project.ownerId ? input.ownerId : null;
  if (!newOwnerId) {
    if (Object.keys(changes).length === 0) return presentProjectFor(ctx.db, actor, access);
    return saveAndPresent(ctx, actor, access, changes);
  }

  ensureAllowed(canChangeOwner(actor, access.membership));
  await ctx.db.transaction(async (tx) => {
    const next = await findMember(tx, access.project.id, newOwnerId);
    if (!next?.active || !isCustomerProjectRole(next.projectRole)) {
      throw ruleRefused(PROJECT_MESSAGES.newOwnerMustBeCustomer);
    }
    await setMemberRole(tx, access.project.id, access.project.ownerId, "editor");
    await setMemberRole(tx, access.project.id, newOwnerId, "owner");
    await updateProjectRow(tx, access.project.id, { ...changes, ownerId: newOwnerId });
  });
  // The actor's own role may have changed (an owner handing over becomes editor): read it afresh.
  return getProject(ctx, actor, { id: access.project.id });
}

/** `POST /v3/project/updateClientCharacterNotes/` (staff). */
export async function updateClientNotes(
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string; clientCharacterNotes: string },
  preloaded?: PreloadedScope,
): Promise<Project> {
  const access = await loadVisibleProject(ctx, actor, input.projectId, preloaded);
  ensureAllowed(canEditClientNotes(actor, access.membership));
  return saveAndPresent(ctx, actor, access, { clientCharacterNotes: input.clientCharacterNotes });
}
