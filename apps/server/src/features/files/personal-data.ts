import type { PersonalDataSource } from "../../core/personal-data.ts";
import { zipSafeName } from "../../lib/zip.ts";
import { deleteOwnedFiles, listOwnedFiles } from "./repo/files.ts";
import { variantKeys } from "./service/serve.ts";

/**
 * Uploads: all are exported; avatars (which show the person) are erased with their resized
 * copies, while designs and attachments are the project's work and stay.
 */
export const filesPersonalData: PersonalDataSource = {
  name: "files",
  async export(db, subject) {
    const rows = await listOwnedFiles(db, subject.id);
    return {
      records: {
        uploads: rows.map((row) => ({
          key: row.key,
          purpose: row.purpose,
          name: row.originalName,
          contentType: row.contentType,
          size: row.size,
          uploadedAt: row.createdAt.toISOString(),
          inZipAs: `files/${row.key}-${zipSafeName(row.originalName)}`,
        })),
      },
      files: rows.map((row) => ({ key: row.key, name: `${row.key}-${zipSafeName(row.originalName)}` })),
    };
  },
  async erase(tx, subject) {
    const keys = await deleteOwnedFiles(tx, subject.id, "avatar");
    return { storageKeys: keys.flatMap((key) => [key, ...variantKeys(key)]) };
  },
};
