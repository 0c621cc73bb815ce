import {
  canChangeDesignFile,
  canCommentOnDesigns,
  canEditComment,
  canGiveDesignFeedback,
  canRemoveComment,
  canResolveComment,
  canSeeFullSurname,
  type DesignerFile,
  type DesignerFileVersion,
  type FileComment,
  type FileCommentReply,
  type MembershipOrNone,
  type ProjectActor,
  redactSurname,
  type TaskFacts,
} from "@atelier/shared";
import type { CommentRow, DesignerFileRow } from "./repo/read.ts";

/** Who is looking: names are redacted for them and abilities computed for them. */
export interface DesignViewer {
  actor: ProjectActor;
  membership: MembershipOrNone;
}

export const DELETED_USER = "Deleted user";

function names(viewer: DesignViewer, name: string | null, surname: string | null) {
  if (name === null) return { userFirstName: DELETED_USER, userSecondName: "" };
  const second = canSeeFullSurname(viewer.actor) ? (surname ?? "") : redactSurname(surname ?? "");
  return { userFirstName: name, userSecondName: second };
}

function isSeen(viewer: DesignViewer, row: CommentRow, seenAt: Date | null): boolean {
  return row.authorId === viewer.actor.id || (seenAt !== null && row.createdAt.getTime() <= seenAt.getTime());
}

function commentFields(viewer: DesignViewer, row: CommentRow, seenAt: Date | null): FileCommentReply {
  const { actor, membership } = viewer;
  const facts = { authorId: row.authorId };
  return {
    id: row.id,
    timestamp: row.createdAt.getTime(),
    comment: row.body,
    seenComment: isSeen(viewer, row, seenAt),
    userId: row.authorId,
    ...names(viewer, row.authorName, row.authorSurname),
    editedAt: row.editedAt ? row.editedAt.getTime() : null,
    attachments: row.attachments,
    abilities: {
      canEdit: canEditComment(actor, facts),
      canRemove: canRemoveComment(actor, membership, facts),
      canResolve: canResolveComment(actor, membership, facts),
    },
  };
}

/** One thread: its first comment with its replies (oldest first). */
export function presentThread(
  viewer: DesignViewer,
  top: CommentRow,
  replies: readonly CommentRow[],
  seenAt: Date | null,
): FileComment {
  return {
    ...commentFields(viewer, top, seenAt),
    activeComment: top.active,
    pin: top.pin ?? null,
    fileCommentReplyList: replies.map((row) => commentFields(viewer, row, seenAt)),
  };
}

function presentVersion(
  viewer: DesignViewer,
  row: DesignerFileRow,
  comments: readonly CommentRow[],
): DesignerFileVersion {
  const seenAt = row.commentsSeenAt;
  const replies = new Map<string, CommentRow[]>();
  for (const comment of comments) {
    if (comment.parentId === null) continue;
    const list = replies.get(comment.parentId) ?? [];
    list.push(comment);
    replies.set(comment.parentId, list);
  }
  const threads = comments
    .filter((comment) => comment.parentId === null)
    .map((top) => presentThread(viewer, top, replies.get(top.id) ?? [], seenAt));
  return {
    uuid: row.id,
    designerFileKey: row.fileKey,
    version: row.version,
    created: row.createdAt.getTime(),
    userId: row.addedById,
    ...names(viewer, row.uploaderName, row.uploaderSurname),
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    previewable: row.previewable,
    feedback:
      row.feedback && row.feedbackAt
        ? {
            feedback: row.feedback,
            comment: row.feedbackComment,
            created: row.feedbackAt.getTime(),
            ...names(viewer, row.reviewerName, row.reviewerSurname),
          }
        : null,
    seenComments: comments.every((comment) => isSeen(viewer, comment, seenAt)),
    fileCommentList: threads,
  };
}

/**
 * A task's designer files as the viewer sees them: current versions in the task's order, each
 * with its older versions newest first. `fileRows` and `commentRows` are the task's own.
 */
export function presentDesignerFiles(
  viewer: DesignViewer,
  task: TaskFacts,
  fileRows: readonly DesignerFileRow[],
  commentRows: readonly CommentRow[],
): DesignerFile[] {
  const { actor, membership } = viewer;
  const live = !task.archived;
  const canComment = canCommentOnDesigns(actor, membership) && live;
  const canGiveFeedback = canGiveDesignFeedback(actor, membership) && live;
  const byId = new Map<string, CommentRow[]>();
  for (const comment of commentRows) {
    const list = byId.get(comment.designerFileId) ?? [];
    list.push(comment);
    byId.set(comment.designerFileId, list);
  }
  const commentsOf = (row: DesignerFileRow) => byId.get(row.id) ?? [];
  return fileRows
    .filter((row) => row.current)
    .sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0))
    .map((head) => {
      const canChange = canChangeDesignFile(actor, membership, task, { addedById: head.addedById });
      return {
        ...presentVersion(viewer, head, commentsOf(head)),
        seenDesignerFile: head.addedById === actor.id || head.fileSeenAt !== null,
        orderKey: head.orderKey,
        previousVersions: fileRows
          .filter((row) => row.lineageId === head.lineageId && !row.current)
          .map((row) => presentVersion(viewer, row, commentsOf(row))),
        abilities: { canAddVersion: canChange, canRemove: canChange, canComment, canGiveFeedback },
      };
    });
}
