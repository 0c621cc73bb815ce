import { createHash } from "node:crypto";
import fastifySwagger, { type SwaggerTransform } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { finishDocument } from "./finish-document.ts";

export const API_DOCS_PREFIX = "/api/docs";
const DOWNLOAD_NAMES = { json: "atelier-openapi.json", yaml: "atelier-openapi.yaml" } as const;

/**
 * The OpenAPI document of the contract's calls (and nothing else the server answers), with the
 * browsable page at /api/docs. The document is fixed once the app is ready, so it carries a
 * strong ETag, and `?download` makes it a file to save (docs/decisions/027-openapi-document.md).
 */
export async function registerApiDocs(
  app: FastifyInstance,
  settings: { productName: string; publicUrl: string },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: `${settings.productName} API`,
        version: "1.0.0",
        description: [
          "Every call of the product, generated from its shared contract. Signed-in calls send the",
          "session token in the `Auth-Token` header, or a personal API token (Settings → API tokens) as",
          "`Authorization: Bearer <token>`: it acts as its owner, a read token on GET calls only, and",
          "never on calls that manage sign-in (sessions, tokens, two-factor, e-mail, password).",
          "Errors answer `{ message, code?, fields? }`.",
          "",
          `Download this description: [OpenAPI JSON](${API_DOCS_PREFIX}/json?download) ·`,
          `[YAML](${API_DOCS_PREFIX}/yaml?download).`,
        ].join("\n"),
      },
      servers: [{ url: settings.publicUrl }],
      components: {
        securitySchemes: {
          authToken: { type: "apiKey", in: "header", name: "Auth-Token" },
          apiToken: { type: "http", scheme: "bearer", description: "A personal API token (`atl_…`)" },
        },
      },
    },
    transform: documentOnlyContractCalls,
    transformObject: (document) => ("openapiObject" in document ? finishDocument(document.openapiObject) : {}),
  });
  const tags = new Map<string, string>();
  const etagOf = (format: "json" | "yaml") => {
    let tag = tags.get(format);
    if (!tag) {
      const text = format === "json" ? JSON.stringify(app.swagger()) : app.swagger({ yaml: true });
      tag = `"${createHash("sha256").update(text).digest("base64url").slice(0, 32)}"`;
      tags.set(format, tag);
    }
    return tag;
  };
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiHooks: { onRequest: (request, reply, done) => documentHeaders(request, reply, etagOf, done) },
  });
}

/** Only calls of the contract (they carry an operationId) are described: not the web app's files. */
const documentOnlyContractCalls: SwaggerTransform = (input) => {
  if (!input.schema || !("operationId" in input.schema) || !input.schema.operationId) {
    return { schema: { hide: true }, url: input.url };
  }
  return jsonSchemaTransform(input);
};

function documentHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  etagOf: (format: "json" | "yaml") => string,
  done: () => void,
): void {
  const url = new URL(request.url, "http://local");
  const format =
    url.pathname === `${API_DOCS_PREFIX}/json` ? "json" : url.pathname === `${API_DOCS_PREFIX}/yaml` ? "yaml" : null;
  if (!format) {
    done();
    return;
  }
  const etag = etagOf(format);
  // Revalidated on each use: a client regenerating its types fetches the body only when it changed.
  reply.header("etag", etag).header("cache-control", "no-cache");
  if (url.searchParams.has("download")) {
    reply.header("content-disposition", `attachment; filename="${DOWNLOAD_NAMES[format]}"`);
  }
  if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) {
    void reply.code(304).send();
    return;
  }
  done();
}
