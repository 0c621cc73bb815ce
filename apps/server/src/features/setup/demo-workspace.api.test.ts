import { contract } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/builders.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { prepareEmptyDatabase } from "./index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO: "1" });
});
afterAll(async () => {
  await t.close();
});

describe("demo workspace", () => {
  it("fills an empty database", async () => {
    const started = Date.now();
    const notice = await prepareEmptyDatabase(t.ctx, null, { demo: true, demoPassword: "demo-password-1", workspace: t.app });
    console.log(Date.now() - started, notice);
    expect(notice.kind).toBe("demo");
  }, 60_000);
});
