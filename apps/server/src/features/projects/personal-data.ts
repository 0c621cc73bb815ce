import { PRIVACY_MESSAGES } from "@atelier/shared";
import type { PersonalDataSource } from "../../core/personal-data.ts";
import {
  clearOwnerBilling,
  deleteInvitesTo,
  findPaidOwnedProject,
  leaveTeamsExceptOwned,
  listInvitesSentBy,
  listMembershipsOf,
  listOwnedProjects,
} from "./repo/personal-data.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * Memberships, owned projects with their billing details, invites. On removal the owned projects
 * stay with their team (owned by "Deleted user" until staff hand them over), billing details and
 * invites to the person's address go, and they leave the other teams.
 */
export const projectsPersonalData: PersonalDataSource = {
  name: "projects",
  async refusal(db, subject) {
    const paid = await findPaidOwnedProject(db, subject.id);
    return paid ? PRIVACY_MESSAGES.gdprPaidSubscription(paid.name) : null;
  },
  async export(db, subject) {
    const [memberships, owned, invites] = await Promise.all([
      listMembershipsOf(db, subject.id),
      listOwnedProjects(db, subject.id),
      listInvitesSentBy(db, subject.id),
    ]);
    return {
      records: {
        memberships: memberships.map(({ projectDeleted, joinedAt, ...row }) => ({
          ...row,
          joinedAt: iso(joinedAt),
          projectDeleted: projectDeleted !== null,
        })),
        ownedProjects: owned.map((project) => ({
          id: project.id,
          name: project.name,
          state: project.state,
          createdAt: iso(project.createdAt),
          deleted: project.deletedAt !== null,
          paymentPlan: project.paymentPlan,
          billingDetails: {
            customerType: project.customerType,
            customerFirstName: project.customerFirstName,
            customerLastName: project.customerLastName,
            customerCompanyName: project.customerCompanyName,
            customerAddress: project.customerAddress,
            customerPost: project.customerPost,
            customerPostCode: project.customerPostCode,
            customerCountry: project.customerCountry,
          },
        })),
        invitesSent: invites.map((invite) => ({ ...invite, sentAt: iso(invite.sentAt), usedAt: iso(invite.usedAt) })),
      },
    };
  },
  async erase(tx, subject) {
    await clearOwnerBilling(tx, subject.id);
    await leaveTeamsExceptOwned(tx, subject.id);
    await deleteInvitesTo(tx, subject.email);
    return {};
  },
};
