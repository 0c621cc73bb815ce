import { readFile } from "node:fs/promises";
import path from "node:path";
import negotiate from "@fastify/accept-negotiator";

export type AssetEncoding = "br" | "gzip" | "identity";

export interface BuildAsset {
  contentType: string;
  bodies: Record<AssetEncoding, Buffer>;
}

const CONTENT_TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};
const FILE_NAME = /^[\w-][\w.-]*$/;

/**
 * The build's fingerprinted scripts and stylesheets, each read once with the brotli and gzip
 * copies the build wrote beside it, and then answered from memory. A page load asks for a hundred
 * small chunks at once; read from disk per request (stat, open, stream) each cost the server a few
 * milliseconds, and the phone's page waited on that queue. A fingerprinted file never changes, so
 * nothing needs refreshing; a rebuild brings new names.
 */
export function createBuildAssets(assetsDir: string) {
  const loaded = new Map<string, BuildAsset>();

  async function load(file: string): Promise<BuildAsset | null> {
    const contentType = CONTENT_TYPES[path.extname(file)];
    if (!contentType || !FILE_NAME.test(file)) return null;
    const full = path.join(assetsDir, file);
    try {
      const [identity, br, gzip] = await Promise.all([readFile(full), readFile(`${full}.br`), readFile(`${full}.gz`)]);
      return { contentType, bodies: { identity, br, gzip } };
    } catch {
      // Missing, or a build without compressed copies: not kept, so a later build is seen.
      return null;
    }
  }

  return {
    /** The asset, or null when it is not a compressed build file (the caller serves it from disk). */
    async get(file: string): Promise<BuildAsset | null> {
      const known = loaded.get(file);
      if (known) return known;
      const asset = await load(file);
      if (asset) loaded.set(file, asset);
      return asset;
    },
  };
}

/** The best encoding the client accepts (`Accept-Encoding`, with its qualities), brotli first. */
export function pickEncoding(acceptEncoding: string | undefined): AssetEncoding {
  return (acceptEncoding && negotiate(acceptEncoding, ["br", "gzip"])) || "identity";
}
