import type { Pin } from "@atelier/shared";
import type { DbOrTx } from "../../../db/client.ts";
import { fileComments } from "../../../db/schema/index.ts";
import type { CommentRow } from "./read.ts";

/**
 * A guest reviewer's comment or reply (issue 23): no user author, the guest instead, and no
 * attachments (guests upload nothing). Answers the row as `listCommentRows` reads it.
 */
export async function insertGuestComment(
  db: DbOrTx,
  values: {
    taskId: string;
    designerFileId: string;
    parentId: string | null;
    guest: { id: string; name: string };
    body: string;
    pin: Pin | null;
  },
): Promise<CommentRow> {
  const [row] = await db
    .insert(fileComments)
    .values({
      taskId: values.taskId,
      designerFileId: values.designerFileId,
      parentId: values.parentId,
      guestId: values.guest.id,
      body: values.body,
      pin: values.pin,
    })
    .returning({ id: fileComments.id, createdAt: fileComments.createdAt });
  if (!row) throw new Error("insert returned no row");
  return {
    id: row.id,
    taskId: values.taskId,
    designerFileId: values.designerFileId,
    parentId: values.parentId,
    authorId: null,
    body: values.body,
    pin: values.pin,
    // Guests pin on images only: no page of a PDF, no time of a video (yet).
    page: null,
    atMs: null,
    active: true,
    createdAt: row.createdAt.getTime(),
    editedAt: null,
    authorName: values.guest.name,
    authorSurname: null,
    guestId: values.guest.id,
    attachments: [],
  };
}
