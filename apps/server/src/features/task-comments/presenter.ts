import {
  canEditTaskComment,
  canRemoveTaskComment,
  canSeeFullSurname,
  type MembershipOrNone,
  type Mention,
  type ProjectActor,
  redactSurname,
  type TaskComment,
  type TaskCommentReply,
} from "@atelier/shared";
import type { MentionRow, TaskCommentRow } from "./repo/comments.ts";

/** Who is looking: names are redacted for them and abilities computed for them. */
export interface CommentViewer {
  actor: ProjectActor;
  membership: MembershipOrNone;
}

const DELETED_USER = "Deleted user";

/** A surname as the viewer may see it: in full only to admin (SPEC §6 team list). */
const surnameFor = (viewer: CommentViewer, surname: string | null) =>
  canSeeFullSurname(viewer.actor) ? (surname ?? "") : redactSurname(surname ?? "");

export function presentMention(viewer: CommentViewer, row: MentionRow): Mention {
  const surname = surnameFor(viewer, row.surname);
  return { userId: row.userId, name: surname ? `${row.name} ${surname}` : row.name };
}

function presentComment(viewer: CommentViewer, row: TaskCommentRow): TaskCommentReply {
  const facts = { authorId: row.authorId };
  const named = row.authorName !== null;
  return {
    id: row.id,
    timestamp: row.createdAt.getTime(),
    comment: row.body,
    userId: row.authorId,
    userFirstName: named ? (row.authorName ?? "") : DELETED_USER,
    userSecondName: named ? surnameFor(viewer, row.authorSurname) : "",
    editedAt: row.editedAt ? row.editedAt.getTime() : null,
    mentions: row.mentions.map((mention) => presentMention(viewer, mention)),
    abilities: {
      canEdit: canEditTaskComment(viewer.actor, facts),
      canRemove: canRemoveTaskComment(viewer.actor, viewer.membership, facts),
    },
  };
}

/** The threads among `rows` (oldest first), each with its replies oldest first. */
export function presentThreads(viewer: CommentViewer, rows: readonly TaskCommentRow[]): TaskComment[] {
  const replies = new Map<string, TaskCommentReply[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = replies.get(row.parentId) ?? [];
    list.push(presentComment(viewer, row));
    replies.set(row.parentId, list);
  }
  return rows
    .filter((row) => row.parentId === null)
    .map((row) => ({ ...presentComment(viewer, row), replies: replies.get(row.id) ?? [] }));
}
