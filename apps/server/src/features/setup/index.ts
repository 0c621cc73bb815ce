export { DEMO_USERS, DEMO_WORKSPACE_USERS, preHash, prepareEmptyDatabase, type StartupNotice } from "./service.ts";
