/**
 * The designs feature's public face: other features import only from here. It holds no service
 * that calls tasks, so tasks can fill `designerFileList` from it without an import cycle.
 */
export { loadDesignerFileLists, loadTaskPanel, type TaskDesignLists, type TaskPanel } from "./panel.ts";
export { designsPersonalData } from "./personal-data.ts";
export { defineZipJob } from "./zip-job.ts";
