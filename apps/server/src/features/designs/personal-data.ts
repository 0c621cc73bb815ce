import { asc, eq } from "drizzle-orm";
import type { PersonalDataSource } from "../../core/personal-data.ts";
import { designerFiles, designFeedback, fileComments, files, tasks } from "../../db/schema/index.ts";

/**
 * Designs and review: the person's comments, replies, feedback and the designer files they
 * delivered are exported. Nothing is erased: the comments and files are the project's work and
 * stay; their author's name is read from the user, which the users source anonymises.
 */
export const designsPersonalData: PersonalDataSource = {
  name: "designs",
  async export(db, subject) {
    const comments = await db
      .select({
        id: fileComments.id,
        projectId: tasks.projectId,
        taskId: fileComments.taskId,
        taskTitle: tasks.title,
        designerFileUuid: fileComments.designerFileId,
        replyTo: fileComments.parentId,
        comment: fileComments.body,
        pin: fileComments.pin,
        activeComment: fileComments.active,
        createdAt: fileComments.createdAt,
        editedAt: fileComments.editedAt,
      })
      .from(fileComments)
      .innerJoin(tasks, eq(tasks.id, fileComments.taskId))
      .where(eq(fileComments.authorId, subject.id))
      .orderBy(asc(fileComments.createdAt), asc(fileComments.id));
    const designs = await db
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
      .where(eq(designerFiles.addedById, subject.id))
      .orderBy(asc(designerFiles.createdAt), asc(designerFiles.id));
    const feedback = await db
      .select({
        designerFileUuid: designFeedback.designerFileId,
        feedback: designFeedback.feedback,
        comment: designFeedback.comment,
        createdAt: designFeedback.createdAt,
      })
      .from(designFeedback)
      .where(eq(designFeedback.userId, subject.id))
      .orderBy(asc(designFeedback.createdAt));
    const iso = (date: Date | null) => (date ? date.toISOString() : null);
    return {
      records: {
        designComments: comments.map((row) => ({ ...row, createdAt: iso(row.createdAt), editedAt: iso(row.editedAt) })),
        designerFiles: designs.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        designFeedback: feedback.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
      },
    };
  },
  async erase() {
    // The work stays (comments, files, feedback): names come from the anonymised user row.
    return {};
  },
};
