export { registerAuthRoutes } from "./routes.ts";
export { issueSetupKey } from "./service.ts";
export { createSession, revokeUserSessions } from "./sessions.ts";
