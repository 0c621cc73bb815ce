/**
 * The auth feature's public face: other features import only from here.
 * Presenter-less: it answers sessions issued by two-factor, users presented by users, or `{ success: true }`.
 */
export { issueSetupKey } from "./service/setup-key.ts";
