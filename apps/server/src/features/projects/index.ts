/** The projects feature's public face: other features import only from here. */
export { loadVisibleProject, type ProjectAccess, preloadedProject, visibleAccess } from "./access.ts";
export { seedDemoProjects } from "./seed.ts";
export { adjustTaskCounts, ensureProjectTakesTasks } from "./service/counts.ts";
export { addProjectMember } from "./service/team.ts";
