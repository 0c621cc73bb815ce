/** The two-factor feature's public face: every door that signs someone in asks it for the session. */
export { issueSession } from "./service/login.ts";
