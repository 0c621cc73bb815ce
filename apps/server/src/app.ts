import fastifyCompress from "@fastify/compress";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { jsonSchemaTransform, validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./core/context.ts";
import { registerErrorHandler } from "./core/error-handler.ts";
import { responseSerializerCompiler } from "./core/response-serializer.ts";
import { registerFeatureRoutes } from "./features/index.ts";
import { registerWebApp } from "./web-app/web-app.ts";

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
