import {
  canChangeOwner,
  canChangeProjectState,
  canDeleteProject,
  canEditBilling,
  canEditClientNotes,
  canEditProject,
  canEditProjectPlan,
  canRemoveMember,
  canRenameProject,
  canSeeBilling,
  canSeeClientNotes,
  canSeeCosts,
  canSeeFullSurname,
  canSeeMemberEmail,
  invitableRoles,
  isRemovableMember,
  type MembershipOrNone,
  PROJECT_ROLE_LABELS,
  type Project,
  type ProjectAbilities,
  type ProjectActor,
  type ProjectListItem,
  type ProjectListMember,
  type ProjectUser,
  redactSurname,
} from "@atelier/shared";
import type { TeamRow } from "./repo/members.ts";
import type { ProjectRow } from "./repo/projects.ts";

/** Who is looking: the presenter redacts for them (DESIGN §5) and computes their abilities. */
export interface Viewer {
  actor: ProjectActor;
  membership: MembershipOrNone;
}

function surnameFor(actor: ProjectActor, surname: string): string {
  return canSeeFullSurname(actor) ? surname : redactSurname(surname);
}

/** SPEC §3 Project user entry, redacted under SPEC §6. */
export function presentProjectUser(viewer: Viewer, row: TeamRow): ProjectUser {
  const target = { userId: row.userId, projectRole: row.projectRole };
  return {
    id: row.userId,
    name: row.name,
    surname: surnameFor(viewer.actor, row.surname),
    email: canSeeMemberEmail(viewer.actor, viewer.membership, target) ? row.email : null,
    role: row.role,
    avatarKey: row.avatarKey,
    userProjectRole: row.projectRole,
    userProjectRoleText: PROJECT_ROLE_LABELS[row.projectRole],
    userActiveOnProject: row.active,
  };
}

function presentAbilities(viewer: Viewer, project: ProjectRow, team: TeamRow[]): ProjectAbilities {
  const { actor, membership } = viewer;
  return {
    canEdit: canEditProject(actor, membership),
    canRename: canRenameProject(actor, membership),
    canEditPlan: canEditProjectPlan(actor, membership, project),
    canArchive: canChangeProjectState(actor, membership),
    canDelete: canDeleteProject(actor, membership),
    canEditBilling: canEditBilling(actor, membership),
    canChangeOwner: canChangeOwner(actor, membership),
    canInvite: invitableRoles(actor, membership),
    // The current owner is left out: removing them is refused until ownership moves.
    canRemoveMember: team
      .filter((member) => member.active && isRemovableMember(member))
      .filter((member) =>
        canRemoveMember(actor, membership, { userId: member.userId, projectRole: member.projectRole }),
      )
      .map((member) => member.userId),
    canSeeCosts: canSeeCosts(actor, membership),
    canSeeBilling: canSeeBilling(actor, membership),
    canSeeNotes: canSeeClientNotes(actor, membership),
    canEditNotes: canEditClientNotes(actor, membership),
  };
}

const toSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** SPEC §3 Project as this viewer may see it, with their abilities. */
export function presentProject(viewer: Viewer, project: ProjectRow, team: TeamRow[]): Project {
  const abilities = presentAbilities(viewer, project, team);
  const owner = team.find((member) => member.userId === project.ownerId);
  const billing = abilities.canSeeBilling;
  return {
    id: project.id,
    name: project.name,
    state: project.state,
    ownerId: project.ownerId,
    customerEmail:
      owner && canSeeMemberEmail(viewer.actor, viewer.membership, { userId: owner.userId, projectRole: "owner" })
        ? owner.email
        : null,
    dropboxShareLinkToFolder: project.dropboxShareLinkToFolder,
    clientCharacterNotes: abilities.canSeeNotes ? project.clientCharacterNotes : null,
    taskCount: project.taskCount,
    countArchivedTasks: project.archivedTaskCount,
    projectUsersFeData: team.map((member) => presentProjectUser(viewer, member)),
    customerPaymentPlan: project.paymentPlan,
    customerPaymentPlanCurrentPeriodEnd: toSeconds(project.paymentPlanPeriodEnd),
    activeStripeSubscription: project.activeStripeSubscription,
    customerType: project.customerType,
    customerFirstName: billing ? project.customerFirstName : null,
    customerLastName: billing ? project.customerLastName : null,
    customerCompanyName: billing ? project.customerCompanyName : null,
    customerAddress: billing ? project.customerAddress : null,
    customerPost: billing ? project.customerPost : null,
    customerPostCode: billing ? project.customerPostCode : null,
    customerCountry: billing ? project.customerCountry : null,
    createdAt: project.createdAt.getTime(),
    abilities,
  };
}

function presentListMember(actor: ProjectActor, row: TeamRow): ProjectListMember {
  return {
    id: row.userId,
    name: row.name,
    surname: surnameFor(actor, row.surname),
    avatarKey: row.avatarKey,
    userProjectRole: row.projectRole,
  };
}

/** A project list row: counts, the owner's name and small team avatars, redacted like the team list. */
export function presentProjectListItem(
  actor: ProjectActor,
  row: {
    id: string;
    name: string;
    state: ProjectListItem["state"];
    taskCount: number;
    archivedTaskCount: number;
    createdAt: Date;
    ownerName: string;
    ownerSurname: string;
  },
  team: TeamRow[],
): ProjectListItem {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    ownerName: `${row.ownerName} ${surnameFor(actor, row.ownerSurname)}`.trim(),
    taskCount: row.taskCount,
    countArchivedTasks: row.archivedTaskCount,
    team: team.map((member) => presentListMember(actor, member)),
    createdAt: row.createdAt.getTime(),
  };
}

/** How an inviter is named to an invitee who has not signed in: first name and initial. */
export function presentInviterName(name: string | null, surname: string | null): string {
  if (!name) return "A former member";
  return `${name} ${redactSurname(surname ?? "")}`.trim();
}
