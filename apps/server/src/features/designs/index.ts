/**
 * The designs feature's public face: other features import only from here. It holds no service
 * that calls tasks, so tasks can fill `designerFileList` from it without an import cycle.
 */
export { loadDesignerFileLists, type TaskDesignLists } from "./panel.ts";
export { type DesignerFileListJson, loadDesignerFileListJson } from "./panel-json.ts";
