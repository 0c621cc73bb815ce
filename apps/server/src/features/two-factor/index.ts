/** The two-factor feature's public face: sign-in asks it whether a code is needed. */
export { startLoginChallenge } from "./login.ts";
export { twoFactorPersonalData } from "./personal-data.ts";
export { hasTwoFactor } from "./service.ts";
