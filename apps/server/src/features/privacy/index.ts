/** The privacy feature's public face: its background job is defined with the others at start. */
export { defineExportJob } from "./export.ts";
