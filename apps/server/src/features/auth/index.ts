export { issueSetupKey } from "./service.ts";
