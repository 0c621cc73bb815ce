import { contract, isStaff } from "@atelier/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { clientAddress, type RouteLimit } from "../../core/rate-limit/route-limits.ts";
import { ok, openRoute, route, scopedRoute } from "../../core/route.ts";
import { projectInBody, projectInPath } from "../../core/route-scope.ts";
import { deviceOf } from "../../core/sessions/service.ts";
import { adminCreateProject, createProject } from "./service/create.ts";
import { getProject } from "./service/detail.ts";
import { acceptProjectInvite, getProjectInvite, inviteToProject } from "./service/invites.ts";
import { listProjectNames, listProjects } from "./service/lists.ts";
import { onboardCustomer } from "./service/onboard.ts";
import { listProjectInvites, resendProjectInvite, revokeProjectInvite } from "./service/pending-invites.ts";
import type { ProjectsContext } from "./service/plan-door.ts";
import { removeProjectMember } from "./service/team.ts";
import {
  adminUpdateProject,
  changeProjectState,
  deleteProject,
  updateClientNotes,
  updateProjectData,
} from "./service/update.ts";

// Password attempts through an invite are limited per client and invite, like sign-in.
const byIpAndInvite = (request: FastifyRequest) => {
  const body = request.body as { inviteKey?: unknown } | undefined;
  return `${clientAddress(request)}:${typeof body?.inviteKey === "string" ? body.inviteKey : ""}`;
};

export function registerProjectRoutes(app: FastifyInstance, ctx: ProjectsContext): void {
  const p = contract.projects;
  const limits = ctx.config.rateLimits;

  route(app, ctx, p.create, ({ actor, body }) => createProject(ctx, actor, body));
  route(app, ctx, p.adminCreate, ({ actor, body }) => adminCreateProject(ctx, actor, body));
  scopedRoute(app, ctx, p.get, projectInPath, ({ actor, params, preloaded }) =>
    getProject(ctx, actor, params, preloaded),
  );
  route(app, ctx, p.list, ({ actor, query }) => listProjects(ctx, actor, query));
  route(app, ctx, p.listNames, ({ actor, query }) => listProjectNames(ctx, actor, query));
  route(app, ctx, p.changeState, ({ actor, body }) => changeProjectState(ctx, actor, body));
  scopedRoute(app, ctx, p.remove, projectInPath, async ({ actor, params, preloaded }) => {
    await deleteProject(ctx, actor, params, preloaded);
    return ok;
  });
  route(app, ctx, p.adminUpdate, ({ actor, body }) => adminUpdateProject(ctx, actor, body));
  route(app, ctx, p.updateData, ({ actor, body }) => updateProjectData(ctx, actor, body));
  scopedRoute(app, ctx, p.updateClientCharacterNotes, projectInBody, ({ actor, body, preloaded }) =>
    updateClientNotes(ctx, actor, body, preloaded),
  );
  // Sent and re-sent invites share one count per inviter, so a customer cannot use them to list
  // accounts (the answer tells an existing account from a new address); staff list users anyway.
  const invites: RouteLimit = {
    name: "invites",
    max: limits.invite,
    timeWindow: "1 hour",
    keyBy: "user",
    exempt: (actor) => isStaff(actor.role),
  };
  scopedRoute(
    app,
    ctx,
    p.invite,
    projectInBody,
    ({ actor, body, preloaded }) => inviteToProject(ctx, actor, body, preloaded),
    { rateLimit: invites },
  );
  scopedRoute(app, ctx, p.listInvites, projectInPath, ({ actor, params, query, preloaded }) =>
    listProjectInvites(ctx, actor, { projectId: params.id, ...query }, preloaded),
  );
  scopedRoute(
    app,
    ctx,
    p.resendInvite,
    projectInPath,
    ({ actor, params, preloaded }) =>
      resendProjectInvite(ctx, actor, { projectId: params.id, inviteId: params.inviteId }, preloaded),
    { rateLimit: invites },
  );
  scopedRoute(app, ctx, p.revokeInvite, projectInPath, async ({ actor, params, preloaded }) => {
    await revokeProjectInvite(ctx, actor, { projectId: params.id, inviteId: params.inviteId }, preloaded);
    return ok;
  });
  scopedRoute(app, ctx, p.removeMember, projectInPath, async ({ actor, params, preloaded }) => {
    await removeProjectMember(ctx, actor, { projectId: params.id, userId: params.userId }, preloaded);
    return ok;
  });

  openRoute(app, p.inviteInfo, ({ actor, query }) => getProjectInvite(ctx, actor, query));
  openRoute(
    app,
    p.acceptInvite,
    ({ actor, body, request }) => acceptProjectInvite(ctx, actor, { ...body, device: deviceOf(request) }),
    { rateLimit: { max: limits.login, timeWindow: "1 minute", keyBy: byIpAndInvite } },
  );
  openRoute(
    app,
    p.onboard,
    ({ actor, body, request }) => onboardCustomer(ctx, actor, { ...body, device: deviceOf(request) }),
    { rateLimit: { max: limits.register, timeWindow: "1 hour" } },
  );
}
