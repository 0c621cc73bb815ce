import { apiErrorSchema, CONTRACT_TAGS } from "@atelier/shared";
import { z } from "zod";
import { ERRORS_KEY } from "./operation-errors.ts";

type JsonObject = Record<string, unknown>;

/** The one error body (DESIGN §4), and one named answer per error status that points to it. */
const ERROR_ANSWERS: Record<number, { name: string; description: string }> = {
  400: { name: "BadInput", description: "The input is invalid; `fields` names each bad field with its message." },
  401: { name: "Unauthenticated", description: "No session token, or one that is unknown, signed out or expired." },
  403: {
    name: "Forbidden",
    description: "The caller may not do this (`SECOND_FACTOR_REQUIRED`: staff must turn on two-factor sign-in first).",
  },
  404: { name: "NotFound", description: "Unknown, or not visible to the caller." },
  409: { name: "Conflict", description: "It conflicts with the current state (already a member, already on…)." },
  412: { name: "RuleRefused", description: "A rule of the product refused it; `message` says which." },
  413: { name: "TooLarge", description: "The body or the file is too large." },
  415: { name: "UnsupportedType", description: "The content type, or the file's type, is not accepted." },
  422: { name: "Unprocessable", description: "Well-formed, but the content cannot be used." },
  429: { name: "RateLimited", description: "Too many calls; `Retry-After` says how many seconds to wait." },
  503: { name: "Unavailable", description: "An outside service is unavailable; retry after `Retry-After` seconds." },
};

/**
 * The last pass over the generated document: error answers from each operation's statuses,
 * OpenAPI 3.0 nullability tools can read, and the feature tags listed. Everything the contract
 * cannot say through Fastify's route schemas is added here, in one place.
 */
export function finishDocument(document: JsonObject): JsonObject {
  const tags = new Set<string>();
  const used = new Set<number>();
  for (const pathItem of Object.values(asObject(document.paths))) {
    for (const operation of Object.values(asObject(pathItem))) {
      const op = asObject(operation);
      for (const tag of Array.isArray(op.tags) ? op.tags : []) tags.add(String(tag));
      const statuses = Array.isArray(op[ERRORS_KEY]) ? (op[ERRORS_KEY] as number[]) : [];
      delete op[ERRORS_KEY];
      const responses = asObject(op.responses);
      for (const status of statuses) {
        used.add(status);
        const answer = ERROR_ANSWERS[status];
        if (answer) responses[String(status)] = { $ref: `#/components/responses/${answer.name}` };
      }
      op.responses = responses;
    }
  }
  typeNullables(document);
  const components = asObject(document.components);
  return {
    ...document,
    tags: [...tags].sort().map((name) => ({ name, description: CONTRACT_TAGS[name] ?? name })),
    components: {
      ...components,
      schemas: { ...asObject(components.schemas), ApiError: errorSchema() },
      // Only the answers some call gives: an unused component is noise to generated clients.
      responses: Object.fromEntries(
        [...used]
          .sort((a, b) => a - b)
          .flatMap((status) => (ERROR_ANSWERS[status] ? [ERROR_ANSWERS[status]] : []))
          .map(({ name, description }) => [
            name,
            { description, content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } } },
          ]),
      ),
    },
  };
}

function errorSchema(): JsonObject {
  const { $schema: _, ...schema } = z.toJSONSchema(apiErrorSchema, { target: "openapi-3.0" }) as JsonObject;
  return schema;
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`. Zod writes a nullable union of objects (a
 * comment's `pin`) as `nullable` beside `oneOf`, so its branches' common type is added there.
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullables(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as JsonObject;
  if (schema.nullable === true && schema.type === undefined) {
    const branches = [schema.oneOf, schema.anyOf].find(Array.isArray) as JsonObject[] | undefined;
    const types = new Set(branches?.map((branch) => branch.type));
    const [only] = types;
    if (types.size === 1 && typeof only === "string") schema.type = only;
  }
  for (const value of Object.values(schema)) typeNullables(value);
}

function asObject(value: unknown): JsonObject {
  return value && typeof value === "object" ? (value as JsonObject) : {};
}
