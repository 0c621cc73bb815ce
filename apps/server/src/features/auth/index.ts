export { authPersonalData } from "./personal-data.ts";
export { issueSetupKey } from "./service.ts";
