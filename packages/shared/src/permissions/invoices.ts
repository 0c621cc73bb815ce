import type { MembershipOrNone, ProjectActor } from "./projects.ts";

/**
 * Invoice rules (issue 24 part 3): a project's invoices and their PDFs for its owner, its editors
 * and admins; the workspace's invoice list, its CSV, the seller settings and credit notes for
 * admins only. Project managers run projects but not the books.
 */
export function canSeeProjectInvoices(actor: ProjectActor, membership: MembershipOrNone): boolean {
  if (actor.role === "admin") return true;
  return membership?.active === true && (membership.projectRole === "owner" || membership.projectRole === "editor");
}

/** The admin Invoices screen, its CSV export and the seller details and VAT rates. */
export function canManageInvoices(actor: ProjectActor): boolean {
  return actor.role === "admin";
}

/** A credit note reverses an issued invoice (invoices are never changed): admin only. */
export function canIssueCreditNote(actor: ProjectActor): boolean {
  return canManageInvoices(actor);
}
