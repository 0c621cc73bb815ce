import { contract, MESSAGES } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/builders.ts";
import { startTestS3, type TestS3 } from "../../../test/s3-server.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

// The object store down is an outside service that is down: 503 with a message, not 500.

describe("files while S3 is down", () => {
  let s3: TestS3;
  let t: TestApp;
  let designer: BuiltUser;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(s3.env);
    designer = await buildUser(t, { role: "designer" });
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = () =>
    t.upload(contract.files.upload, {
      token: designer.token,
      query: { purpose: "attachment" },
      file: { content: Buffer.from("notes"), filename: "notes.txt" },
    });

  it("answers 503 on upload and on serve, with the storage message", async () => {
    const stored = await upload();
    expect(stored.status).toBe(200);
    await s3.close();

    const refused = await upload();
    expect(refused.status).toBe(503);
    expect(refused.error).toMatchObject({ code: "UNAVAILABLE", message: MESSAGES.storageUnavailable });

    const served = await t.app.inject({ method: "GET", url: `/serve/s/${stored.body.key}` });
    expect(served.statusCode).toBe(503);
    expect(served.json()).toMatchObject({ code: "UNAVAILABLE", message: MESSAGES.storageUnavailable });
  }, 60_000);
});
