/** The projects feature's public face: other features import only from here. */
export { registerProjectRoutes } from "./routes.ts";
export { seedDemoProjects } from "./seed.ts";
