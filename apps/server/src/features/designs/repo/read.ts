import type { CommentFile } from "@atelier/shared";
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../../db/client.ts";
import { epochMs } from "../../../db/epoch-ms.ts";
import { preparedOnce } from "../../../db/prepared.ts";
import {
  commentFiles,
  designerFiles,
  designerFileViews,
  designFeedback,
  designGuests,
  designPdfPreviews,
  fileComments,
  files,
  users,
} from "../../../db/schema/index.ts";

// Times as epoch ms, as the presenter writes them: no Date per row (a panel has thousands of rows).
const msOrNull = (column: AnyColumn) => epochMs(column) as SQL<number | null>;

const uploader = alias(users, "uploader");
const reviewer = alias(users, "reviewer");
const author = alias(users, "author");
const guestAuthor = alias(designGuests, "guest_author");

function prepareDesignerFileRows(db: DbOrTx, name: string) {
  return (
    db
      .select({
        id: designerFiles.id,
        taskId: designerFiles.taskId,
        fileKey: designerFiles.fileKey,
        lineageId: designerFiles.lineageId,
        version: designerFiles.version,
        current: designerFiles.current,
        orderKey: designerFiles.orderKey,
        addedById: designerFiles.addedById,
        previewable: designerFiles.previewable,
        posterKey: designerFiles.posterKey,
        createdAt: epochMs(designerFiles.createdAt),
        name: files.originalName,
        contentType: files.contentType,
        size: files.size,
        uploaderName: uploader.name,
        uploaderSurname: uploader.surname,
        feedback: designFeedback.feedback,
        feedbackComment: designFeedback.comment,
        feedbackAt: msOrNull(designFeedback.createdAt),
        reviewerName: reviewer.name,
        reviewerSurname: reviewer.surname,
        fileSeenAt: msOrNull(designerFileViews.fileSeenAt),
        commentsSeenAt: msOrNull(designerFileViews.commentsSeenAt),
        pdfStatus: designPdfPreviews.status,
        pdfPageCount: designPdfPreviews.pageCount,
        pdfProblem: designPdfPreviews.problem,
      })
      .from(designerFiles)
      .innerJoin(files, eq(files.key, designerFiles.fileKey))
      .leftJoin(uploader, eq(uploader.id, designerFiles.addedById))
      .leftJoin(designFeedback, eq(designFeedback.designerFileId, designerFiles.id))
      .leftJoin(reviewer, eq(reviewer.id, designFeedback.userId))
      .leftJoin(designPdfPreviews, eq(designPdfPreviews.fileKey, designerFiles.fileKey))
      .leftJoin(
        designerFileViews,
        and(
          eq(designerFileViews.designerFileId, designerFiles.id),
          eq(designerFileViews.userId, sql.placeholder("viewerId")),
        ),
      )
      // One array parameter, not one per task: every page size is the same prepared statement.
      .where(sql`${designerFiles.taskId} = any(${sql.placeholder("taskIds")}::uuid[])`)
      .orderBy(asc(designerFiles.taskId), asc(designerFiles.lineageId), desc(designerFiles.version))
      .prepare(name)
  );
}

/**
 * Every version of the tasks' designer files with what presenting them needs (the upload, its
 * uploader, the latest feedback and the viewer's seen times), in one statement; current files in
 * the task's order, each file's versions newest first.
 */
export async function listDesignerFileRows(db: DbOrTx, viewerId: string, taskIds: readonly string[]) {
  if (taskIds.length === 0) return [];
  // Every list of presented tasks reads its designs here: a prepared statement.
  const prepared = preparedOnce(db, "designer_file_rows", prepareDesignerFileRows);
  return prepared.execute({ viewerId, taskIds: [...taskIds] });
}
export type DesignerFileRow = Awaited<ReturnType<typeof listDesignerFileRows>>[number];

const attachedTo = alias(fileComments, "attached_to");

/**
 * Every comment and reply on the tasks' files (all versions), oldest first, in one statement.
 * Attachments are aggregated once per comment that has attachments (a grouped join over the tasks'
 * comment files), not by a subquery run for each of thousands of comments.
 */
export async function listCommentRows(db: DbOrTx, taskIds: readonly string[], where?: { commentIds: string[] }) {
  if (taskIds.length === 0) return [];
  const attachments = db
    .select({
      commentId: commentFiles.commentId,
      items: sql<CommentFile[]>`json_agg(json_build_object(
        'key', ${files.key}, 'name', ${files.originalName}, 'contentType', ${files.contentType}, 'size', ${files.size}
      ) order by ${commentFiles.addedAt}, ${commentFiles.fileKey})`.as("items"),
    })
    .from(commentFiles)
    .innerJoin(files, eq(files.key, commentFiles.fileKey))
    .innerJoin(attachedTo, eq(attachedTo.id, commentFiles.commentId))
    .where(inArray(attachedTo.taskId, [...taskIds]))
    .groupBy(commentFiles.commentId)
    .as("attachments");
  const scope = where
    ? and(
        inArray(fileComments.taskId, [...taskIds]),
        sql`(${inArray(fileComments.id, where.commentIds)} or ${inArray(fileComments.parentId, where.commentIds)})`,
      )
    : inArray(fileComments.taskId, [...taskIds]);
  return db
    .select({
      id: fileComments.id,
      taskId: fileComments.taskId,
      designerFileId: fileComments.designerFileId,
      parentId: fileComments.parentId,
      authorId: fileComments.authorId,
      body: fileComments.body,
      pin: fileComments.pin,
      atMs: fileComments.atMs,
      page: fileComments.page,
      active: fileComments.active,
      createdAt: epochMs(fileComments.createdAt),
      editedAt: msOrNull(fileComments.editedAt),
      // A guest reviewer's comment (issue 23) names the guest; guests have no surname.
      authorName: sql<string | null>`coalesce(${author.name}, ${guestAuthor.name})`,
      authorSurname: author.surname,
      guestId: fileComments.guestId,
      attachments: sql<CommentFile[]>`coalesce(${attachments.items}, '[]'::json)`,
    })
    .from(fileComments)
    .leftJoin(author, eq(author.id, fileComments.authorId))
    .leftJoin(guestAuthor, eq(guestAuthor.id, fileComments.guestId))
    .leftJoin(attachments, eq(attachments.commentId, fileComments.id))
    .where(scope)
    .orderBy(asc(fileComments.createdAt), asc(fileComments.id));
}
export type CommentRow = Awaited<ReturnType<typeof listCommentRows>>[number];

/** The viewer's seen time of comments on one file version, epoch ms (null: none seen). */
export async function findCommentsSeenAt(db: DbOrTx, viewerId: string, designerFileId: string) {
  const [row] = await db
    .select({ at: msOrNull(designerFileViews.commentsSeenAt) })
    .from(designerFileViews)
    .where(and(eq(designerFileViews.designerFileId, designerFileId), eq(designerFileViews.userId, viewerId)))
    .limit(1);
  return row?.at ?? null;
}
