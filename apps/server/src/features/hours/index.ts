/** The hours feature's public face: other features import only from here. */

export { hoursPersonalData } from "./personal-data.ts";
export { type ApprovedTask, logApprovedWork } from "./service/log.ts";
