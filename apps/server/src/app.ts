import { readFileSync } from "node:fs";
import fastifyCompress from "@fastify/compress";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyHttpOptions, type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { registerFeatureRoutes } from "./compose.ts";
import type { TrustProxy } from "./config.ts";
import type { AppContext } from "./core/context.ts";
import { registerErrorHandler } from "./core/error-handler.ts";
import { registerOwnEventsHeader } from "./core/events/own-events.ts";
import { registerStreamPointHeader } from "./core/events/stream-point.ts";
import { registerApiDocs } from "./core/openapi/api-docs.ts";
import { responseSerializerCompiler } from "./core/response-serializer.ts";
import { registerSecurityHeaders } from "./core/security-headers.ts";
import { registerGuestBoundary } from "./core/sessions/guest-boundary.ts";
import { registerOperations } from "./operations/index.ts";
import { registerWebApp } from "./web-app/web-app.ts";

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/**
 * The whole HTTP app over a context (`composeContext`); used by `main.ts`, the API tests and the
 * bench alike, so tests differ from production only in the adapters they pass.
 */
export async function buildApp(ctx: AppContext): Promise<BuiltApp> {
  const { config } = ctx;
  const options = {
    // Widened to Fastify's logger type so the instance type stays the default one.
    loggerInstance: ctx.log as FastifyBaseLogger,
    genReqId: () => crypto.randomUUID(),
    // The client's address comes from X-Forwarded-For only through the proxies TRUST_PROXY names;
    // otherwise any client could pick a fresh address per request and escape every rate limit.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
  } satisfies FastifyHttpOptions<never>;
  const app = config.tls ? secureApp(options, config.tls) : Fastify(options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  // Before anything else reads a credential: a guest token reaches only the guest calls.
  registerGuestBoundary(app);
  await registerSecurityHeaders(app, { tls: config.tls !== undefined });
  registerOperations(app, ctx);
  registerOwnEventsHeader(app);
  registerStreamPointHeader(app, ctx.db);

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
  // Routes name their limits (core/rate-limit/route-limits.ts); counts live where every instance
  // sees them: the database, or Redis with REDIS_URL.
  await app.register(fastifyRateLimit, { global: false, ...ctx.rateLimits.pluginOptions });
  app.addHook("onClose", () => ctx.rateLimits.close());
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: config.uploadMaxBytes } });
  await registerApiDocs(app, config);

  // An encapsulated plugin, so the routes see the hooks and settings registered above.
  await app.register((api, _options, done) => {
    registerFeatureRoutes(api, ctx);
    done();
  });
  await registerWebApp(app, config.webDist);
  return { app, ctx };
}

/**
 * Fastify takes proxy addresses as they are but refuses a bare hop count (it cannot tell a proxy
 * from a client that reaches the app directly), so the count is a trust function here: believe
 * the `hops` nearest senders. README: only for an app no client can reach but through its proxies.
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  const hops = trust;
  return hops === 0 ? false : (_address, hop) => hop < hops;
}

/**
 * HTTPS served by the app itself: HTTP/2 for browsers (a page's many chunks share one connection
 * instead of queueing for HTTP/1.1's six), HTTP/1.1 for clients that offer nothing else.
 */
function secureApp(options: FastifyHttpOptions<never>, tls: { certFile: string; keyFile: string }): FastifyInstance {
  const app = Fastify({
    ...options,
    http2: true,
    https: { allowHTTP1: true, cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) },
  });
  // The routes use only what Node's HTTP/2 compatibility request and response share with HTTP/1.1's,
  // so the app is typed as the default (HTTP/1.1) instance everywhere else.
  return app as unknown as FastifyInstance;
}
