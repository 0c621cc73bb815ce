import {
  AVAILABLE_DESIGNERS_OTHERS,
  type AvailableDesigners,
  canAssignDesigner,
  canSeeFullSurname,
  type contract,
  type EndpointParsed,
  redactSurname,
  TASK_MESSAGES,
  type Task,
} from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import { ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { addProjectMember } from "../../projects/index.ts";
import { findDesignerCandidate, listDesignersFor } from "../repo/designers.ts";
import { updateTaskRow } from "../repo/tasks.ts";
import { changeTask, ensureAllowed, ensureNotArchived, loadVisibleTask, taskEvent } from "./access.ts";
import type { TasksContext } from "./designs.ts";

type DesignersQuery = EndpointParsed<typeof contract.tasks.listAvailableDesigners>["query"];
type AssignInput = EndpointParsed<typeof contract.tasks.assignDesigner>["body"];

/**
 * `GET /v3/project/list-available-designer ?q` (staff, who alone assign): the team's designers, then
 * the first others A→Z (a search by name or e-mail finds the rest among thousands).
 */
export async function listAvailableDesigners(
  ctx: TasksContext,
  actor: Actor,
  input: DesignersQuery,
  preloaded?: PreloadedScope,
): Promise<AvailableDesigners> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canAssignDesigner(actor, access.membership));
  const { team, others } = await listDesignersFor(ctx.db, {
    projectId: access.project.id,
    search: input.q,
    othersLimit: AVAILABLE_DESIGNERS_OTHERS,
  });
  const present = (row: (typeof team)[number]) => ({
    id: row.id,
    name: row.name,
    surname: canSeeFullSurname(actor) ? row.surname : redactSurname(row.surname),
    avatarKey: row.avatarKey,
    openTasks: row.openTasks,
  });
  return {
    onProject: team.map(present),
    others: others.slice(0, AVAILABLE_DESIGNERS_OTHERS).map(present),
    hasMoreOthers: others.length > AVAILABLE_DESIGNERS_OTHERS,
  };
}

/**
 * `POST /v3/project/assign-designer-on-task` (staff): a designer who is not on the team joins it
 * as designer in the same transaction (SPEC §4), so they see the project and the task at once.
 */
export async function assignDesigner(
  ctx: TasksContext,
  actor: Actor,
  input: AssignInput,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canAssignDesigner(actor, access.membership));
  ensureNotArchived(access.task);
  const designer = await findDesignerCandidate(ctx.db, input.designerId, access.project.id);
  if (designer?.role !== "designer") throw ruleRefused(TASK_MESSAGES.notADesigner);
  if (designer.deletedAt) throw ruleRefused(TASK_MESSAGES.designerRemoved);
  return changeTask(ctx, actor, access, async (tx, emit) => {
    const addedToTeam = !designer.onTeam;
    if (addedToTeam) {
      await addProjectMember(tx, {
        projectId: access.project.id,
        userId: designer.id,
        projectRole: "designer",
        invitedById: actor.id,
      });
    }
    if (access.task.designerId === designer.id && !addedToTeam) return;
    await updateTaskRow(tx, access.task.id, { designerId: designer.id });
    emit(taskEvent(actor, access.task, "task.designerAssigned", { designerId: designer.id, addedToTeam }));
  });
}
