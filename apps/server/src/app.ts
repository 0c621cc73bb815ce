import { existsSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@atelier/shared";
import fastifyCompress from "@fastify/compress";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./core/context.ts";
import { registerErrorHandler } from "./core/error-handler.ts";
import { responseSerializerCompiler } from "./core/response-serializer.ts";
import { registerFeatureRoutes } from "./features/index.ts";

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/**
 * The whole HTTP app over a context (`createContext`); used by `main.ts`, the API tests and the
 * bench alike, so tests differ from production only in the adapters they pass.
 */
export async function buildApp(ctx: AppContext): Promise<BuiltApp> {
  const { config } = ctx;
  const app = Fastify({
    // Widened to Fastify's logger type so the instance type stays the default one.
    loggerInstance: ctx.log as FastifyBaseLogger,
    genReqId: () => crypto.randomUUID(),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);

  // Brotli or gzip for the web app's files and the JSON answers only. Event streams and stored
  // files go out as they are: a file's strong ETag and byte ranges (/serve/s/{key}) describe the
  // stored bytes, whatever their type.
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/serve/")) route.compress = false;
  });
  await app.register(fastifyCompress, {
    customTypes: /^(text\/(html|css|javascript)|application\/(javascript|json)|image\/svg\+xml)(;|$)/,
    globalDecompression: false,
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: config.uploadMaxBytes } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: "1.0.0" },
      components: { securitySchemes: { authToken: { type: "apiKey", in: "header", name: "Auth-Token" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  // An encapsulated plugin, so the routes see the hooks and settings registered above.
  await app.register((api, _options, done) => {
    registerFeatureRoutes(api, ctx);
    done();
  });
  await registerWebApp(app, config.webDist);
  return { app, ctx };
}

/**
 * Serves the built single-page app at /app/: files from the build (read per request, so a rebuild
 * needs no restart), and index.html for the app's client-side routes.
 */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  app.get("/", (_request, reply) => reply.redirect("/app/"));
  await app.register(webAppPlugin(webDist), { prefix: "/app" });
}

function webAppPlugin(webDist: string) {
  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(path.join(webDist, "index.html"))) {
      return reply.status(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  };
  return async function webApp(web: FastifyInstance): Promise<void> {
    await web.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so it can be cached for a year.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    web.get("/", (_request, reply) => sendIndex(reply));
    web.setNotFoundHandler((request, reply) => {
      const isAppRoute = request.method === "GET" && !request.url.startsWith("/app/assets/");
      if (!isAppRoute) return reply.status(404).send({ message: MESSAGES.notFound, code: "NOT_FOUND" });
      return sendIndex(reply);
    });
  };
}
