import type { DesignFeedbackValue, Pin } from "@atelier/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { commentFiles, designFeedback, fileComments } from "../../../db/schema/index.ts";

export async function findComment(db: DbOrTx, taskId: string, id: string) {
  const [row] = await db
    .select({
      id: fileComments.id,
      taskId: fileComments.taskId,
      designerFileId: fileComments.designerFileId,
      parentId: fileComments.parentId,
      authorId: fileComments.authorId,
    })
    .from(fileComments)
    .where(and(eq(fileComments.taskId, taskId), eq(fileComments.id, id)))
    .limit(1);
  return row;
}
export type CommentFacts = NonNullable<Awaited<ReturnType<typeof findComment>>>;

export async function insertComment(
  db: DbOrTx,
  values: {
    taskId: string;
    designerFileId: string;
    parentId: string | null;
    authorId: string;
    body: string;
    pin: Pin | null;
  },
): Promise<string> {
  const [row] = await db.insert(fileComments).values(values).returning({ id: fileComments.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateComment(
  db: DbOrTx,
  id: string,
  values: { body?: string; editedAt?: Date; active?: boolean },
): Promise<void> {
  await db.update(fileComments).set(values).where(eq(fileComments.id, id));
}

/** Deletes a comment; its replies and attachments' links go with it (the uploads stay). */
export async function deleteComment(db: DbOrTx, id: string): Promise<void> {
  await db.delete(fileComments).where(eq(fileComments.id, id));
}

/** Registers uploads as the project's comment files; answers the keys newly registered. */
export async function registerCommentFiles(
  db: DbOrTx,
  input: { projectId: string; addedById: string; keys: readonly string[] },
): Promise<string[]> {
  const rows = await db
    .insert(commentFiles)
    .values(input.keys.map((fileKey) => ({ fileKey, projectId: input.projectId, addedById: input.addedById })))
    .onConflictDoNothing()
    .returning({ key: commentFiles.fileKey });
  return rows.map((row) => row.key);
}

/**
 * Links registered files to a comment: only files the author registered on this project and not
 * yet on a comment. Answers the keys linked.
 */
export async function linkCommentFiles(
  db: DbOrTx,
  input: { projectId: string; authorId: string; commentId: string; keys: readonly string[] },
): Promise<string[]> {
  if (input.keys.length === 0) return [];
  const rows = await db
    .update(commentFiles)
    .set({ commentId: input.commentId })
    .where(
      and(
        inArray(commentFiles.fileKey, [...input.keys]),
        eq(commentFiles.projectId, input.projectId),
        eq(commentFiles.addedById, input.authorId),
        isNull(commentFiles.commentId),
      ),
    )
    .returning({ key: commentFiles.fileKey });
  return rows.map((row) => row.key);
}

export async function upsertFeedback(
  db: DbOrTx,
  values: { designerFileId: string; userId: string; feedback: DesignFeedbackValue; comment: string | null },
): Promise<void> {
  const createdAt = new Date();
  await db
    .insert(designFeedback)
    .values({ ...values, createdAt })
    .onConflictDoUpdate({
      target: designFeedback.designerFileId,
      set: { userId: values.userId, feedback: values.feedback, comment: values.comment, createdAt },
    });
}
