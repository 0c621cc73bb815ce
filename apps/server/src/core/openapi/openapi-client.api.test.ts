import { execFile } from "node:child_process";
import { mkdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { generateClientTypes } from "@atelier/openapi-tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";

// Issue 27: a client generated from the served document (openapi-typescript + openapi-fetch)
// compiles against real calls and works, so a change that breaks outside clients breaks this test.
interface JourneyModule {
  projectAndTaskJourney(input: { baseUrl: string; email: string; passwordHash: string }): Promise<unknown>;
}

const clientDir = path.resolve(import.meta.dirname, "../../../test/openapi-client");
const root = path.resolve(clientDir, "../../../..");

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

describe("a client generated from the served OpenAPI document", () => {
  it("compiles against the calls it makes, signs in, creates a project and a task and reads them back", async () => {
    await mkdir(path.join(clientDir, "generated"), { recursive: true });
    await generateClientTypes(`${baseUrl}/api/docs/json`, path.join(clientDir, "generated/atelier-api.ts"));
    // The journey is ordinary client code: it must type-check against the generated types.
    const tsc = await promisify(execFile)(
      path.join(root, "node_modules/.bin/tsc"),
      ["-p", path.join(clientDir, "tsconfig.json"), "--noEmit"],
      { cwd: root },
    ).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? String(error), stderr: "" }));
    expect(tsc.stdout + tsc.stderr).toBe("");

    const customer = await buildUser(t, { role: "customer" });
    // Imported by a computed path: the journey needs the generated types, which exist only once
    // this test wrote them, so the project's own typecheck (before the tests) must not follow it.
    const journeyModule: string = path.join(clientDir, "journey.ts");
    const { projectAndTaskJourney } = (await import(journeyModule)) as JourneyModule;
    const result = await projectAndTaskJourney({
      baseUrl,
      email: customer.user.email,
      passwordHash: preHash(customer.password),
    });
    expect(result).toEqual({
      projectName: "Client-built project",
      taskTitle: "Logo from a generated client",
      taskProjectId: expect.any(String),
      missingTask: { message: expect.any(String), code: "NOT_FOUND" },
    });
  });
});
