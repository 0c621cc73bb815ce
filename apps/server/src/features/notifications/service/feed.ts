import { canOpenMessages, type contract, type EndpointParsed } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import { forbidden } from "../../../core/errors.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { presentFeedMessage } from "../presenter.ts";
import { feedPage, unreadCounts } from "../repo/read.ts";
import { markSeen } from "../repo/seen.ts";

type FeedQuery = EndpointParsed<typeof contract.messages.feed>["query"];
type SeenQuery = EndpointParsed<typeof contract.messages.seen>["query"];

function ensureFeedAllowed(actor: Actor): void {
  if (!canOpenMessages(actor)) throw forbidden();
}

/** The caller's messages, newest first, keyset-paged (admin, projectManager, designer: SPEC §6). */
export async function listFeed(ctx: AppContext, actor: Actor, query: FeedQuery) {
  ensureFeedAllowed(actor);
  const after = decodeCursor(query.cursor, ["timestamp", "id"] as const);
  const rows = await feedPage(ctx.db, actor.id, after, query.limit + 1);
  return toPage(
    rows,
    query.limit,
    (row) => presentFeedMessage(actor, row),
    (row) => [row.createdKey, row.id],
  );
}

/** The maintained unread count (the header badge); 0 for roles without the feed. */
export async function unreadCount(ctx: AppContext, actor: Actor): Promise<{ count: number }> {
  if (!canOpenMessages(actor)) return { count: 0 };
  return { count: (await unreadCounts(ctx.db, [actor.id])).get(actor.id) ?? 0 };
}

/**
 * `POST /v3/project/notificationsSeen ?id`: the caller's notifications of a project they can see
 * (404 otherwise), or of one of its tasks, become seen. Writes no domain event: only the caller's
 * own streams care, and the answer carries the new count.
 */
export async function markNotificationsSeen(ctx: AppContext, actor: Actor, query: SeenQuery) {
  await loadVisibleProject(ctx, actor, query.id);
  const count = await ctx.db.transaction((tx) =>
    markSeen(tx, { userId: actor.id, projectId: query.id, taskId: query.taskId }),
  );
  return { count };
}
