/** The files feature's public face: other features import only from here. */

export { uploadsOwnedBy } from "./ownership.ts";
export { isPreviewableImage } from "./preview.ts";
export { deleteStoredUploads, forgetUploads } from "./removal.ts";
export { isOwnAvatarUpload } from "./upload.ts";
