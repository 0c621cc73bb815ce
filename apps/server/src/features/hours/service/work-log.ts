import { canReadWorkLog, monthStartUtc, type WorkLog } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden } from "../../../core/errors.ts";
import { JsonText } from "../../../core/route.ts";
import { loadDesignerWorkLogJson } from "../repo/work-log.ts";

/**
 * `GET /v3/designer-work-log/monthly`: the caller's log, or a designer's for staff. One period per
 * UTC month from the first logged month to the current one, newest first (empty months included,
 * the header shows them disabled), written by PostgreSQL.
 */
export async function loadWorkLog(
  ctx: AppContext,
  actor: Actor,
  query: { designerId?: string | undefined },
): Promise<JsonText<WorkLog>> {
  const designerId = query.designerId ?? actor.id;
  if (!canReadWorkLog(actor, designerId)) throw forbidden();
  return new JsonText(await loadDesignerWorkLogJson(ctx.db, designerId, monthStartUtc(Date.now())));
}
