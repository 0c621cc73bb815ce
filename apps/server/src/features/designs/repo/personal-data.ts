import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { designerFiles, designFeedback, fileComments, files, tasks } from "../../../db/schema/index.ts";

/** The person's design comments and replies, oldest first. */
export async function listDesignCommentsBy(db: DbOrTx, userId: string) {
  return db
    .select({
      id: fileComments.id,
      projectId: tasks.projectId,
      taskId: fileComments.taskId,
      taskTitle: tasks.title,
      designerFileUuid: fileComments.designerFileId,
      replyTo: fileComments.parentId,
      comment: fileComments.body,
      pin: fileComments.pin,
      page: fileComments.page,
      activeComment: fileComments.active,
      createdAt: fileComments.createdAt,
      editedAt: fileComments.editedAt,
    })
    .from(fileComments)
    .innerJoin(tasks, eq(tasks.id, fileComments.taskId))
    .where(eq(fileComments.authorId, userId))
    .orderBy(asc(fileComments.createdAt), asc(fileComments.id));
}

/** The designer files the person delivered, oldest first. */
export async function listDesignerFilesAddedBy(db: DbOrTx, userId: string) {
  return db
    .select({
      uuid: designerFiles.id,
      projectId: tasks.projectId,
      taskId: designerFiles.taskId,
      taskTitle: tasks.title,
      designerFileKey: designerFiles.fileKey,
      name: files.originalName,
      version: designerFiles.version,
      createdAt: designerFiles.createdAt,
    })
    .from(designerFiles)
    .innerJoin(tasks, eq(tasks.id, designerFiles.taskId))
    .innerJoin(files, eq(files.key, designerFiles.fileKey))
    .where(eq(designerFiles.addedById, userId))
    .orderBy(asc(designerFiles.createdAt), asc(designerFiles.id));
}

/** The feedback the person gave on designer files, oldest first. */
export async function listDesignFeedbackBy(db: DbOrTx, userId: string) {
  return db
    .select({
      designerFileUuid: designFeedback.designerFileId,
      feedback: designFeedback.feedback,
      comment: designFeedback.comment,
      createdAt: designFeedback.createdAt,
    })
    .from(designFeedback)
    .where(eq(designFeedback.userId, userId))
    .orderBy(asc(designFeedback.createdAt));
}
