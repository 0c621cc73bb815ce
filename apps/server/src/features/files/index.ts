/** The files feature's public face: other features import only from here. */

export { uploadsOwnedBy } from "./service/ownership.ts";
export { isPreviewableImage } from "./service/preview.ts";
export { deleteStoredUploads, forgetUploads } from "./service/removal.ts";
export { pdfPageKey } from "./service/serve.ts";
export { isOwnAvatarUpload, uploadFile } from "./service/upload.ts";
