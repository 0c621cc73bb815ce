/** The task conversation feature's public face (issue 29): other features import only from here. */
export { taskCommentsPersonalData } from "./personal-data.ts";
