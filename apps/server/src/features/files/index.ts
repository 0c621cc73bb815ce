/** The files feature's public face: other features import only from here. */
export { isUploadedImage } from "./upload.ts";
