import path from "node:path";

/** apps/web: the build manifest's keys and the chunk groups' module paths are relative to it. */
export const WEB_ROOT = path.resolve(import.meta.dirname, "..");
