import {
  canChangeDesignFile,
  canCommentOnDesigns,
  canEditComment,
  canGiveDesignFeedback,
  canRemoveComment,
  canResolveComment,
  canSeeFullSurname,
  type MembershipOrNone,
  type TaskFacts,
} from "@atelier/shared";
import type { Actor } from "../../core/context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { DesignerFileListJson } from "../tasks/index.ts";
import { DELETED_USER } from "./presenter.ts";
import { loadPanelJson } from "./repo/panel-json.ts";
import { fileListHash } from "./zip-hash.ts";

/**
 * One task's designer files as JSON text in one statement. Every rule still comes from
 * shared/permissions: comment and file abilities depend only on whether the viewer is the author or
 * uploader, so both cases are decided here and passed in as values.
 */
export async function loadDesignerFileListJson(
  db: DbOrTx,
  actor: Actor,
  membership: MembershipOrNone,
  task: TaskFacts & { id: string },
): Promise<DesignerFileListJson> {
  const live = !task.archived;
  // Anyone but the viewer: a comment's author or a file's uploader that is not them (or nobody).
  const other = { authorId: null, addedById: null };
  const own = { authorId: actor.id, addedById: actor.id };
  const abilities = (comment: { authorId: string | null }) => ({
    canEdit: canEditComment(actor, comment),
    canRemove: canRemoveComment(actor, membership, comment),
    canResolve: canResolveComment(actor, membership, comment),
  });
  const canChange = {
    own: canChangeDesignFile(actor, membership, task, own),
    others: canChangeDesignFile(actor, membership, task, other),
  };
  const panel = await loadPanelJson(
    db,
    {
      id: actor.id,
      fullSurnames: canSeeFullSurname(actor),
      deletedUserName: DELETED_USER,
      commentAbilities: { own: abilities(own), others: abilities(other) },
      canChangeFile: canChange,
      canComment: canCommentOnDesigns(actor, membership) && live,
      canGiveFeedback: canGiveDesignFeedback(actor, membership) && live,
    },
    task.id,
  );
  const listHash = panel.files > 0 ? fileListHash(panel.keys) : null;
  return {
    list: panel.list,
    designZipLink: panel.zips.find((zip) => zip.hash === listHash)?.key ?? null,
    designsAndCommentsSeen: panel.seen,
    canRemoveEach: panel.othersFiles ? canChange.own && canChange.others : canChange.own,
    files: panel.files,
  };
}
