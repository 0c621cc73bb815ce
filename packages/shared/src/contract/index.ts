import { authContract } from "./auth.ts";
import { filesContract } from "./files.ts";
import { profileContract, usersContract } from "./users.ts";

export * from "./endpoint.ts";
export { serveQuerySchema, UPLOAD_PURPOSES, type UploadPurpose } from "./files.ts";
export { authContract, filesContract, profileContract, usersContract };

/** Every call of the API, by feature; the server's OpenAPI document is generated from it. */
export const contract = {
  auth: authContract,
  users: usersContract,
  profile: profileContract,
  files: filesContract,
};
