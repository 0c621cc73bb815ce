import { canSeeFullSurname, type GuestShare, type ProjectActor, redactSurname } from "@atelier/shared";
import { DELETED_USER } from "./presenter.ts";
import type { GuestShareRows } from "./repo/guest-shares.ts";

/** The task's links as the team sees them: who made each (surname as the team list), who used it. */
export function presentGuestShares(viewer: ProjectActor, rows: GuestShareRows): GuestShare[] {
  const fullSurname = canSeeFullSurname(viewer);
  return rows.shares.map((share) => {
    const surname = share.creatorSurname ?? "";
    const shown = fullSurname ? surname : redactSurname(surname);
    return {
      id: share.id,
      createdAt: share.createdAt.getTime(),
      createdByName: share.creatorName === null ? DELETED_USER : `${share.creatorName} ${shown}`.trim(),
      expiresAt: share.expiresAt?.getTime() ?? null,
      revokedAt: share.revokedAt?.getTime() ?? null,
      hasPassword: share.hasPassword,
      allowDecision: share.allowDecision,
      guests: rows.guests
        .filter((guest) => guest.shareId === share.id)
        .map((guest) => ({
          id: guest.id,
          name: guest.name,
          email: guest.email,
          firstSeenAt: guest.createdAt.getTime(),
          lastSeenAt: guest.lastSeenAt.getTime(),
        })),
    };
  });
}
