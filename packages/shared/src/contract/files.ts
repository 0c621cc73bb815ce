import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const UPLOAD_PURPOSES = ["avatar", "design", "attachment"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const filesContract = {
  upload: endpoint({
    method: "POST",
    path: "/upload/file",
    summary: "Upload one file (multipart field `file`); answers its key for /serve/s/{key}",
    tag: "files",
    auth: true,
    multipart: true,
    query: z.object({ purpose: z.enum(UPLOAD_PURPOSES).default("attachment") }),
    response: z.object({ key: z.string(), contentType: z.string(), size: z.number() }),
  }),
};

export const serveQuerySchema = z.object({
  w: z.coerce.number().int().positive().optional(),
  h: z.coerce.number().int().positive().optional(),
});
