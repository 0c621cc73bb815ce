import { randomBytes } from "node:crypto";
import {
  type CreateWebhookInput,
  canManageProjectWebhooks,
  canManageWorkspaceWebhooks,
  type UpdateWebhookInput,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOKS_PER_SCOPE,
  type Webhook,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, forbidden, notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { ensurePublicUrl, RefusedAddressError } from "../../../lib/outgoing-http.ts";
import { secretBoxFor } from "../../../lib/secret-box.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { presentWebhook } from "../presenter.ts";
import {
  countWebhooks,
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  updateWebhook,
  type WebhookRow,
} from "../repo/webhooks.ts";

/**
 * Access first: the workspace's webhooks are the admins'; a project's, its owner's (and admins').
 * A project the actor cannot see answers 404, as everywhere.
 */
async function ensureManagesScope(
  ctx: AppContext,
  actor: Actor,
  projectId: string | null,
  preloaded?: PreloadedScope,
): Promise<void> {
  if (projectId === null) {
    if (!canManageWorkspaceWebhooks(actor)) throw forbidden();
    return;
  }
  const { membership } = await loadVisibleProject(ctx, actor, projectId, preloaded);
  if (!canManageProjectWebhooks(actor, membership)) throw forbidden();
}

/** A subscription the actor manages; a workspace one is as unknown to others as a missing id (404). */
export async function loadManagedWebhook(ctx: AppContext, actor: Actor, id: string): Promise<WebhookRow> {
  const row = await findWebhook(ctx.db, id);
  if (!row || (row.projectId === null && !canManageWorkspaceWebhooks(actor))) throw notFound();
  await ensureManagesScope(ctx, actor, row.projectId);
  return row;
}

/** Refuses (400 on `url`) a URL that points into the server's own networks, unless settings allow it. */
async function ensureReachableUrl(ctx: AppContext, url: string): Promise<void> {
  try {
    await ensurePublicUrl(url, { allowPrivate: ctx.config.webhooks.allowPrivate });
  } catch (error) {
    if (!(error instanceof RefusedAddressError)) throw error;
    throw badInput({
      url: error.reason === "private" ? WEBHOOK_MESSAGES.privateAddress : WEBHOOK_MESSAGES.unresolvable,
    });
  }
}

/** `GET /webhooks` and `GET /v3/project/:id/webhooks`. */
export async function listScopeWebhooks(
  ctx: AppContext,
  actor: Actor,
  projectId: string | null,
  preloaded?: PreloadedScope,
): Promise<{ items: Webhook[] }> {
  await ensureManagesScope(ctx, actor, projectId, preloaded);
  const rows = await listWebhooks(ctx.db, projectId);
  return { items: rows.map(presentWebhook) };
}

/** `POST /webhooks` and `POST /v3/project/:id/webhooks`: the secret (Standard Webhooks `whsec_`) is answered once. */
export async function createWebhook(
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string | null; body: CreateWebhookInput },
  preloaded?: PreloadedScope,
): Promise<{ secret: string; webhook: Webhook }> {
  await ensureManagesScope(ctx, actor, input.projectId, preloaded);
  const { body } = input;
  if ((await countWebhooks(ctx.db, input.projectId)) >= WEBHOOKS_PER_SCOPE) {
    throw ruleRefused(WEBHOOK_MESSAGES.tooMany(WEBHOOKS_PER_SCOPE));
  }
  await ensureReachableUrl(ctx, body.url);
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
  const row = await insertWebhook(ctx.db, {
    projectId: input.projectId,
    createdBy: actor.id,
    url: body.url,
    description: body.description,
    eventTypes: body.eventTypes,
    secretSealed: secretBoxFor(ctx.config).seal(secret),
  });
  return { secret, webhook: presentWebhook(row) };
}

/**
 * `POST /webhooks/:id`: URL, events, description; `paused` pauses it or turns it back on (also
 * after the server turned it off), starting a fresh count of failures.
 */
export async function changeWebhook(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; body: UpdateWebhookInput },
): Promise<Webhook> {
  const current = await loadManagedWebhook(ctx, actor, input.id);
  const { body } = input;
  if (body.url !== undefined && body.url !== current.url) await ensureReachableUrl(ctx, body.url);
  const row = await updateWebhook(ctx.db, current.id, {
    ...(body.url !== undefined ? { url: body.url } : {}),
    ...(body.eventTypes !== undefined ? { eventTypes: body.eventTypes } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.paused !== undefined ? { state: body.paused ? "paused" : "active", failingSince: null } : {}),
  });
  if (!row) throw notFound();
  return presentWebhook(row);
}

/** `DELETE /webhooks/:id`: the subscription and its delivery log. */
export async function removeWebhook(ctx: AppContext, actor: Actor, input: { id: string }): Promise<void> {
  const row = await loadManagedWebhook(ctx, actor, input.id);
  await deleteWebhook(ctx.db, row.id);
}
