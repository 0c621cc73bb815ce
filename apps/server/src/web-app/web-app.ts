import { existsSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@atelier/shared";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { createBuildAssets, pickEncoding } from "./build-assets.ts";
import { createInlineScriptHashes } from "./inline-scripts.ts";

/**
 * Serves the built single-page app at /app/: the fingerprinted build files from memory
 * (build-assets.ts), the rest from the build folder (read per request, so a rebuild needs no
 * restart), and index.html for the app's client-side routes.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  app.get("/", (_request, reply) => reply.redirect("/app/"));
  await app.register(webAppPlugin(webDist), { prefix: "/app" });
}

/** Vite fingerprints everything under assets/, so it can be cached for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

function webAppPlugin(webDist: string) {
  const indexFile = path.join(webDist, "index.html");
  // The landing preloader is an inline script: the page's CSP allows it by its hash.
  const indexScriptHashes = createInlineScriptHashes(indexFile);
  const sendIndex = async (reply: FastifyReply) => {
    if (!existsSync(indexFile)) {
      return reply.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
    }
    reply.allowInlineScripts(await indexScriptHashes());
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  };
  const assets = createBuildAssets(path.join(webDist, "assets"));
  return async function webApp(web: FastifyInstance): Promise<void> {
    await web.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      // The build writes brotli and gzip copies of its files (apps/web/build/precompress-build.ts):
      // sent as they are, so serving the app costs no compression per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? IMMUTABLE : "no-cache");
      },
    });
    web.get("/assets/:file", async (request, reply) => {
      const { file } = request.params as { file: string };
      const asset = await assets.get(file);
      // Not a compressible build file (a source map, an image): the static files' way.
      if (!asset) return reply.sendFile(`assets/${file}`);
      const encoding = pickEncoding(request.headers["accept-encoding"]);
      reply
        .header("content-type", asset.contentType)
        .header("cache-control", IMMUTABLE)
        .header("vary", "accept-encoding");
      if (encoding !== "identity") reply.header("content-encoding", encoding);
      return reply.send(asset.bodies[encoding]);
    });
    web.get("/", (_request, reply) => sendIndex(reply));
    web.setNotFoundHandler((request, reply) => {
      const isAppRoute = request.method === "GET" && !request.url.startsWith("/app/assets/");
      if (!isAppRoute) return reply.status(404).send({ message: MESSAGES.notFound, code: "NOT_FOUND" });
      return sendIndex(reply);
    });
  };
}
