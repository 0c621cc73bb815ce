import {
  canCancelReviewRound,
  canDecideInReviewRound,
  canSeeFullSurname,
  type ReviewerCandidate,
  type ReviewRound,
  redactSurname,
} from "@atelier/shared";
import type { DesignViewer } from "./presenter.ts";
import { DELETED_USER } from "./presenter.ts";
import type { RoundRow } from "./repo/rounds.ts";

/** Names as the team list shows them to the viewer: surnames as an initial unless admin. */
function namesFor(viewer: DesignViewer) {
  const full = canSeeFullSurname(viewer.actor);
  return (name: string | null, surname: string | null) =>
    name === null
      ? { firstName: DELETED_USER, secondName: "" }
      : { firstName: name, secondName: full ? (surname ?? "") : redactSurname(surname ?? "") };
}

/** A task's rounds for the viewer: names redacted, each reviewer's decision, what the viewer may do. */
export function presentRounds(viewer: DesignViewer, rows: readonly RoundRow[], taskLive: boolean): ReviewRound[] {
  const names = namesFor(viewer);
  const { actor, membership } = viewer;
  return rows.map((row) => {
    const open = row.state === "open";
    const facts = { open: open && taskLive, reviewerUserIds: row.reviewers.map((reviewer) => reviewer.userId) };
    return {
      id: row.id,
      number: row.number,
      state: row.state,
      rule: row.rule,
      dueAt: row.dueAt,
      sentAt: row.sentAt,
      closedAt: row.closedAt,
      sentBy: names(row.senderName, row.senderSurname),
      designs: row.designs,
      reviewers: row.reviewers.map((reviewer) => {
        // A guest has a name only (059); a member's surname is redacted as on the team list.
        const { firstName, secondName } =
          reviewer.guestId !== null
            ? { firstName: reviewer.name ?? DELETED_USER, secondName: "" }
            : names(reviewer.name, reviewer.surname);
        return {
          userId: reviewer.userId,
          guestId: reviewer.guestId,
          firstName,
          secondName,
          decision: reviewer.decision ?? "pending",
          comment: reviewer.comment,
          decidedAt: reviewer.decidedAt,
          isMe: open && reviewer.userId !== null && reviewer.userId === actor.id,
        };
      }),
      abilities: {
        canDecide: canDecideInReviewRound(actor, membership, facts),
        canCancel: open && taskLive && canCancelReviewRound(actor, membership),
      },
    };
  });
}

export function presentCandidates(
  viewer: DesignViewer,
  rows: readonly { userId: string; name: string; surname: string; projectRole: string }[],
): ReviewerCandidate[] {
  const names = namesFor(viewer);
  return rows.map((row) => ({ userId: row.userId, ...names(row.name, row.surname), projectRole: row.projectRole }));
}
