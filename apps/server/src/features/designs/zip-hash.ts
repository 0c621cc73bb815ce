import { createHash } from "node:crypto";

/**
 * Names a task's file list: the current files' keys in the task's order. A zip is reused while
 * this stays the same, and rebuilt after any add, remove, new version or reorder.
 */
export function fileListHash(orderedKeys: readonly string[]): string {
  return createHash("sha256").update(orderedKeys.join("\n")).digest("base64url");
}
