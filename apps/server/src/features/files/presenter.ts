import type { EndpointResponse, filesContract } from "@atelier/shared";
import type { FileRow } from "./repo/files.ts";

export type UploadedFile = EndpointResponse<typeof filesContract.upload>;

export function presentUploadedFile(row: FileRow): UploadedFile {
  return { key: row.key, contentType: row.contentType, size: row.size };
}
