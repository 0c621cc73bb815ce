import { filesContract, type UploadPurpose } from "@atelier/shared";
import { apiUpload } from "./api-client.ts";

/** POST /upload/file?purpose=…: answers the key to serve the file at /serve/s/{key}. */
export async function uploadFile(file: File, purpose: UploadPurpose): Promise<string> {
  const { key } = await apiUpload(filesContract.upload, { query: { purpose }, file });
  return key;
}
