export { DEMO_USERS, preHash, prepareEmptyDatabase, type StartupNotice } from "./service.ts";
