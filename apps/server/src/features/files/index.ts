/** The files feature's public face: other features import only from here. */

export { filesPersonalData } from "./personal-data.ts";
export { uploadsOwnedBy } from "./ownership.ts";
export { isUploadedImage } from "./upload.ts";
