/** The projects feature's public face: other features import only from here. */
export { ensureAllowed, loadVisibleProject, type ProjectAccess } from "./access.ts";
export { presentProjectUser, type Viewer } from "./presenter.ts";
export { findMember, listTeam, type TeamRow, upsertMember } from "./repo/members.ts";
export { adjustTaskCounters, type ProjectRow } from "./repo/projects.ts";
export { registerProjectRoutes } from "./routes.ts";
export { DEMO_PROJECT_NAME, seedDemoProjects } from "./seed.ts";
