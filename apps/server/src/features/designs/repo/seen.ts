import type { DbOrTx } from "../../../db/client.ts";
import { designerFileViews } from "../../../db/schema/index.ts";

/** The user opened this file version. */
export async function markFileSeen(db: DbOrTx, designerFileId: string, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(designerFileViews)
    .values({ designerFileId, userId, fileSeenAt: now })
    .onConflictDoUpdate({
      target: [designerFileViews.designerFileId, designerFileViews.userId],
      set: { fileSeenAt: now },
    });
}

/** The user read this version's comments as they are now. */
export async function markCommentsSeen(db: DbOrTx, designerFileId: string, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(designerFileViews)
    .values({ designerFileId, userId, commentsSeenAt: now })
    .onConflictDoUpdate({
      target: [designerFileViews.designerFileId, designerFileViews.userId],
      set: { commentsSeenAt: now },
    });
}
