export { authPersonalData } from "./personal-data.ts";
export { definePasswordResetJob, issueSetupKey } from "./service.ts";
