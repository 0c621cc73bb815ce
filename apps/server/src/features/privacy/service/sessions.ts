import type { DeviceSession } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import { deleteUserSession, listUserSessions } from "../../../core/sessions/repo.ts";
import { presentDeviceSession } from "../presenter.ts";

/** `GET /profile/sessions`: the caller's signed-in devices, the current one marked. */
export async function listDevices(ctx: AppContext, actor: Actor): Promise<{ items: DeviceSession[] }> {
  const rows = await listUserSessions(ctx.db, actor.id, new Date());
  return { items: rows.map((row) => presentDeviceSession(row, actor.sessionId)) };
}

/** `DELETE /profile/sessions/:id`: signs that device out (the current one too, like logging out). */
export async function signOutDevice(ctx: AppContext, actor: Actor, input: { id: string }): Promise<void> {
  if (!(await deleteUserSession(ctx.db, actor.id, input.id))) throw notFound();
}
