export { registerAuthRoutes } from "./routes.ts";
export { issueSetupKey } from "./service.ts";
export { authenticateRequest, createSession, revokeUserSessions } from "./sessions.ts";
