import { PROJECT_ROLE_LABELS, type ProjectState, type ProjectUser } from "@atelier/shared";

export const PROJECT_STATE_LABELS: Record<ProjectState, string> = { inProgress: "In progress", archived: "Archived" };

/** The team as the screens show it: active members, owner first. */
export function activeMembers(team: readonly ProjectUser[]): ProjectUser[] {
  return team
    .filter((member) => member.userActiveOnProject)
    .sort((a, b) => Number(b.userProjectRole === "owner") - Number(a.userProjectRole === "owner"));
}

export function projectRoleLabel(member: Pick<ProjectUser, "userProjectRole" | "userProjectRoleText">): string {
  return member.userProjectRoleText || PROJECT_ROLE_LABELS[member.userProjectRole];
}

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });

export function formatDate(epochMs: number): string {
  return dateFormat.format(new Date(epochMs));
}
