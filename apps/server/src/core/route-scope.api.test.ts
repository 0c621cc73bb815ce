import { contract, type Endpoint } from "@atelier/shared";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { schemaNode } from "../../test/bad-input.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { registerFeatureRoutes } from "../compose.ts";
import { responseSerializerCompiler } from "./response-serializer.ts";
import type { ScopeDeclaration } from "./route.ts";

/**
 * Every call that names a project in its input declares its scope (docs/decisions/032), and the
 * declaration reads the same ids the rule it replaced read: the `id` of `/v3/project/{id}/…` and
 * `/v3/project/get/{id}…` paths, else a `projectId` field of params, body or query, in that order;
 * with it, a `taskId` field of params, body or query. The routes are registered on a bare Fastify
 * instance (the app's own registration, no database reads) to see each one's declaration.
 */

const PROJECT_ID_PATH = /^\/v3\/project\/(get\/)?:id(\/|$)/;
type Part = "params" | "body" | "query";
const PARTS: Part[] = ["params", "body", "query"];

let t: TestApp;
const declared = new Map<string, ScopeDeclaration | undefined>();

beforeAll(async () => {
  t = await createTestApp();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  await app.register(fastifyRateLimit, { global: false });
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, route.config?.scope);
  });
  await app.register((api, _options, done) => {
    registerFeatureRoutes(api, t.ctx);
    done();
  });
  await app.ready();
  await app.close();
});
afterAll(() => t.close());

const calls = Object.entries(contract).flatMap(([feature, group]) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${feature}.${name}`,
    endpoint,
  })),
);

function fieldsOf(schema: z.ZodType | undefined): string[] {
  return schema ? Object.keys(schemaNode(schema).properties ?? {}) : [];
}

function formatOf(schema: z.ZodType | undefined, field: string): string | undefined {
  return schema ? schemaNode(schema).properties?.[field]?.format : undefined;
}

/** A distinct id for every id field the call has, so the test sees which field a scope read. */
function sampleInput(endpoint: Endpoint) {
  const input: Record<Part, Record<string, string> | undefined> = {
    params: undefined,
    body: undefined,
    query: undefined,
  };
  for (const part of PARTS) {
    const fields = fieldsOf(endpoint[part]);
    if (fields.length === 0) continue;
    input[part] = Object.fromEntries(fields.map((field) => [field, `${part}.${field}`]));
  }
  return input;
}

/** What the replaced rule read from the input: the project and task a call names, if any. */
function namedScope(endpoint: Endpoint, input: ReturnType<typeof sampleInput>) {
  const { params, body, query } = input;
  const projectId =
    (PROJECT_ID_PATH.test(endpoint.path) ? params?.id : undefined) ??
    params?.projectId ??
    body?.projectId ??
    query?.projectId;
  if (!projectId) return undefined;
  return { projectId, taskId: params?.taskId ?? body?.taskId ?? query?.taskId };
}

describe("declared request scopes", () => {
  it("registers every call of the contract", () => {
    const missing = calls.filter(({ endpoint }) => !declared.has(`${endpoint.method} ${endpoint.path}`));
    expect(missing.map(({ name }) => name)).toEqual([]);
  });

  it.each(calls)("$name reads the project (and task) it names, and none when it names none", ({ endpoint }) => {
    const scope = declared.get(`${endpoint.method} ${endpoint.path}`);
    const input = sampleInput(endpoint);
    const named = namedScope(endpoint, input);
    if (!named) {
      expect(scope).toBeUndefined();
      return;
    }
    expect(endpoint.auth).toBe(true);
    expect(scope?.(input)).toEqual(named);
    // The guess skipped a value that was no UUID; a declared id goes to PostgreSQL as one.
    for (const read of [named.projectId, named.taskId].filter((id) => id !== undefined)) {
      const [part, field] = read.split(".") as [Part, string];
      expect(formatOf(endpoint[part], field), read).toBe("uuid");
    }
  });

  it("reads no project when an optional project field is left out", () => {
    const { dashboard } = contract.tasks;
    const scope = declared.get(`${dashboard.method} ${dashboard.path}`);
    expect(scope?.({ params: undefined, body: undefined, query: { projectId: "query.projectId" } })).toEqual({
      projectId: "query.projectId",
    });
    expect(scope?.({ params: undefined, body: undefined, query: {} })).toBeUndefined();
  });
});
