import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /\bsrc\s*=/i;

/**
 * The CSP hash sources (`'sha256-…'`) of a page's inline scripts, as the browser computes them:
 * over the script's text after the HTML parser has turned CR LF and CR into LF.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes) || text.trim() === "") continue;
    const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/**
 * The hash sources of a page file's inline scripts, computed when the file is first asked for and
 * again only when it changes (its modification time or size), so a rebuild served without a
 * restart gets the hashes of its own preloader instead of a CSP that blocks it.
 */
export function createInlineScriptHashes(file: string): () => Promise<string[]> {
  let known: { mtimeMs: number; size: number; hashes: string[] } | null = null;
  return async () => {
    const info = await stat(file);
    if (known?.mtimeMs === info.mtimeMs && known.size === info.size) return known.hashes;
    const hashes = inlineScriptHashes(await readFile(file, "utf8"));
    known = { mtimeMs: info.mtimeMs, size: info.size, hashes };
    return hashes;
  };
}
