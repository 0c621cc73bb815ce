import { canPublishPlatformNotifications, type contract, type EndpointParsed } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden, notFound } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { presentPlatformNotification } from "../presenter.ts";
import {
  allPlatformNotifications,
  deletePlatformNotification,
  insertDismissal,
  insertPlatformNotification,
  platformNotificationExists,
  undismissedFor,
} from "../repo/platform.ts";

type CreateBody = EndpointParsed<typeof contract.platformNotifications.create>["body"];

/** `GET /v3/platform-notification/init`: what the caller's banners show. */
export async function listPlatformNotifications(ctx: AppContext, actor: Actor) {
  return { items: (await undismissedFor(ctx.db, actor.id)).map(presentPlatformNotification) };
}

/**
 * An admin publishes an announcement. Its event has no project and reaches every open stream
 * (realtime audience), so open shells show the banner without reload.
 */
export async function publishPlatformNotification(ctx: AppContext, actor: Actor, body: CreateBody) {
  if (!canPublishPlatformNotifications(actor)) throw forbidden();
  return withTransaction(ctx, async (tx, emit) => {
    const shown = presentPlatformNotification(
      await insertPlatformNotification(tx, { message: body.message, createdBy: actor.id }),
    );
    emit({
      type: "platformNotification.published",
      actorId: actor.id,
      projectId: null,
      subject: { type: "platformNotification", id: shown.id },
      payload: shown,
    });
    return shown;
  });
}

/**
 * `DELETE /v3/platform-notification/{id}`: the caller no longer sees it. No domain event: only
 * the caller's own screens care, and the call's answer tells them.
 */
export async function dismissPlatformNotification(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.transaction(async (tx) => {
    if (!(await platformNotificationExists(tx, id))) throw notFound();
    await insertDismissal(tx, actor.id, id);
  });
  return { success: true as const };
}

/** `GET /v3/platform-notification/list` (admin): every current announcement, for the withdraw list. */
export async function listAllPlatformNotifications(ctx: AppContext, actor: Actor) {
  if (!canPublishPlatformNotifications(actor)) throw forbidden();
  return { items: (await allPlatformNotifications(ctx.db)).map(presentPlatformNotification) };
}

/**
 * `POST /v3/platform-notification/{id}/withdraw` (admin): the announcement is gone for everybody.
 * The row goes (its dismissals with it: there is nothing left to dismiss), and the withdrawn
 * event reaches every open stream, so the banner leaves open screens without reload.
 */
export async function withdrawPlatformNotification(ctx: AppContext, actor: Actor, id: string) {
  if (!canPublishPlatformNotifications(actor)) throw forbidden();
  return withTransaction(ctx, async (tx, emit) => {
    if (!(await deletePlatformNotification(tx, id))) throw notFound();
    emit({
      type: "platformNotification.withdrawn",
      actorId: actor.id,
      projectId: null,
      subject: { type: "platformNotification", id },
      payload: { id },
    });
    return { success: true as const };
  });
}
