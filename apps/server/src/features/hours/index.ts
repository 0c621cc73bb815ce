/** The hours feature's public face: other features import only from here. */

export { type ApprovedTask, logApprovedWork } from "./service/log.ts";
