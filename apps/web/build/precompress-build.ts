import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Brotli (at its best, quality 11) and gzip copies of every text file of the build, next to it
 * (`x.js.br`, `x.js.gz`): the server sends them as they are (@fastify/static `preCompressed`)
 * instead of compressing each file on every request, which kept a page load of a hundred chunks
 * waiting on the server's CPU. Files the build does not know (a stored file) are still
 * compressed on the fly, at a quicker level.
 */
export function precompressBuild(): Plugin {
  let outDir = "";
  return {
    name: "atelier:precompress-build",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite"),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await readFile(full);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}
