export { registerFilesRoutes } from "./routes.ts";
export { isUploadedImage } from "./upload.ts";
