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
  PDF_MESSAGES,
  type PdfPreview,
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

type CommentAbilities = FileCommentReply["abilities"];

/**
 * One presentation for one viewer. A panel has thousands of comments by a handful of people, so
 * the shared rules are asked once per author and per surname and their answers reused (the rules
 * take only those facts, so a reused answer is the answer).
 */
class Presenting {
  private readonly fullSurnames: boolean;
  private readonly surnames = new Map<string, string>();
  private readonly abilities = new Map<string | null, CommentAbilities>();

  constructor(readonly viewer: DesignViewer) {
    this.fullSurnames = canSeeFullSurname(viewer.actor);
  }

  firstName(name: string | null): string {
    return name ?? DELETED_USER;
  }

  secondName(name: string | null, surname: string | null): string {
    if (name === null) return "";
    if (this.fullSurnames) return surname ?? "";
    const full = surname ?? "";
    let redacted = this.surnames.get(full);
    if (redacted === undefined) {
      redacted = redactSurname(full);
      this.surnames.set(full, redacted);
    }
    return redacted;
  }

  commentAbilities(authorId: string | null): CommentAbilities {
    let abilities = this.abilities.get(authorId);
    if (abilities === undefined) {
      const { actor, membership } = this.viewer;
      const facts = { authorId };
      abilities = {
        canEdit: canEditComment(actor, facts),
        canRemove: canRemoveComment(actor, membership, facts),
        canResolve: canResolveComment(actor, membership, facts),
      };
      this.abilities.set(authorId, abilities);
    }
    return abilities;
  }

  /** Wrote it, or it is no newer than the viewer's comments-seen time (epoch ms) of its version. */
  isSeen(row: CommentRow, seenAt: number | null): boolean {
    return row.authorId === this.viewer.actor.id || (seenAt !== null && row.createdAt <= seenAt);
  }

  reply(row: CommentRow, seenAt: number | null): FileCommentReply {
    return {
      id: row.id,
      timestamp: row.createdAt,
      comment: row.body,
      seenComment: this.isSeen(row, seenAt),
      userId: row.authorId,
      userFirstName: this.firstName(row.authorName),
      userSecondName: this.secondName(row.authorName, row.authorSurname),
      guestId: row.guestId,
      editedAt: row.editedAt,
      attachments: row.attachments,
      abilities: this.commentAbilities(row.authorId),
    };
  }

  // Spelled out rather than spread from `reply`: a panel builds thousands of these.
  thread(top: CommentRow, replies: readonly CommentRow[], seenAt: number | null): FileComment {
    const list: FileCommentReply[] = new Array(replies.length);
    for (let i = 0; i < replies.length; i++) list[i] = this.reply(replies[i] as CommentRow, seenAt);
    return {
      id: top.id,
      timestamp: top.createdAt,
      comment: top.body,
      seenComment: this.isSeen(top, seenAt),
      userId: top.authorId,
      userFirstName: this.firstName(top.authorName),
      userSecondName: this.secondName(top.authorName, top.authorSurname),
      guestId: top.guestId,
      editedAt: top.editedAt,
      attachments: top.attachments,
      abilities: this.commentAbilities(top.authorId),
      activeComment: top.active,
      pin: top.pin ?? null,
      atMs: top.atMs ?? null,
      page: top.page ?? null,
      fileCommentReplyList: list,
    };
  }

  /** A version with its threads; `comments` are its own, oldest first. */
  version(row: DesignerFileRow, comments: readonly CommentRow[]): DesignerFileVersion {
    const seenAt = row.commentsSeenAt;
    const tops: CommentRow[] = [];
    const replies = new Map<string, CommentRow[]>();
    let seenComments = true;
    for (const comment of comments) {
      if (seenComments && !this.isSeen(comment, seenAt)) seenComments = false;
      if (comment.parentId === null) {
        tops.push(comment);
        continue;
      }
      const list = replies.get(comment.parentId);
      if (list) list.push(comment);
      else replies.set(comment.parentId, [comment]);
    }
    const threads: FileComment[] = new Array(tops.length);
    for (let i = 0; i < tops.length; i++) {
      const top = tops[i] as CommentRow;
      threads[i] = this.thread(top, replies.get(top.id) ?? [], seenAt);
    }
    return {
      uuid: row.id,
      designerFileKey: row.fileKey,
      version: row.version,
      created: row.createdAt,
      userId: row.addedById,
      userFirstName: this.firstName(row.uploaderName),
      userSecondName: this.secondName(row.uploaderName, row.uploaderSurname),
      name: row.name,
      contentType: row.contentType,
      size: row.size,
      previewable: row.previewable,
      posterKey: row.posterKey ?? null,
      pdfPreview: presentPdfPreview(row),
      feedback:
        row.feedback && row.feedbackAt !== null
          ? {
              feedback: row.feedback,
              comment: row.feedbackComment,
              created: row.feedbackAt,
              userFirstName: this.firstName(row.reviewerName),
              userSecondName: this.secondName(row.reviewerName, row.reviewerSurname),
            }
          : null,
      seenComments,
      fileCommentList: threads,
    };
  }
}

/** A PDF's preview state (its row exists for PDFs only), with the message a reviewer reads when it failed. */
function presentPdfPreview(row: DesignerFileRow): PdfPreview | null {
  if (row.pdfStatus === null) return null;
  const problem = row.pdfStatus === "failed" ? (row.pdfProblem ?? "damaged") : null;
  return {
    status: row.pdfStatus,
    pageCount: row.pdfPageCount,
    problem,
    message: problem ? PDF_MESSAGES[problem] : null,
  };
}

/** One thread: its first comment with its replies (oldest first); `seenAt` in epoch ms. */
export function presentThread(
  viewer: DesignViewer,
  top: CommentRow,
  replies: readonly CommentRow[],
  seenAt: number | null,
): FileComment {
  return new Presenting(viewer).thread(top, replies, seenAt);
}

const EMPTY: readonly CommentRow[] = [];

/**
 * A task's designer files as the viewer sees them: current versions in the task's order, each
 * with its older versions newest first. `fileRows` are the task's versions, each file's newest
 * first; `commentRows` the task's comments, oldest first. One pass over each.
 */
export function presentDesignerFiles(
  viewer: DesignViewer,
  task: TaskFacts,
  fileRows: readonly DesignerFileRow[],
  commentRows: readonly CommentRow[],
): DesignerFile[] {
  const { actor, membership } = viewer;
  const presenting = new Presenting(viewer);
  const live = !task.archived;
  const canComment = canCommentOnDesigns(actor, membership) && live;
  const canGiveFeedback = canGiveDesignFeedback(actor, membership) && live;
  const canChange = new Map<string | null, boolean>();
  const commentsOf = new Map<string, CommentRow[]>();
  for (const comment of commentRows) {
    const list = commentsOf.get(comment.designerFileId);
    if (list) list.push(comment);
    else commentsOf.set(comment.designerFileId, [comment]);
  }
  const heads: DesignerFileRow[] = [];
  const previous = new Map<string, DesignerFileVersion[]>();
  for (const row of fileRows) {
    if (row.current) {
      heads.push(row);
      continue;
    }
    const version = presenting.version(row, commentsOf.get(row.id) ?? EMPTY);
    const list = previous.get(row.lineageId);
    if (list) list.push(version);
    else previous.set(row.lineageId, [version]);
  }
  heads.sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
  return heads.map((head) => {
    let change = canChange.get(head.addedById);
    if (change === undefined) {
      change = canChangeDesignFile(actor, membership, task, { addedById: head.addedById });
      canChange.set(head.addedById, change);
    }
    return {
      ...presenting.version(head, commentsOf.get(head.id) ?? EMPTY),
      seenDesignerFile: head.addedById === actor.id || head.fileSeenAt !== null,
      orderKey: head.orderKey,
      previousVersions: previous.get(head.lineageId) ?? [],
      abilities: { canAddVersion: change, canRemove: change, canComment, canGiveFeedback },
    };
  });
}
