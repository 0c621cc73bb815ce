import { Readable } from "node:stream";
import { contract, type DataExport } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { BANK_ACCOUNT_ENV } from "../../../test/bank-account-env.ts";
import {
  BILLING_DETAILS,
  type BuiltUser,
  buildProject,
  buildRates,
  buildTask,
  buildUser,
} from "../../../test/builders.ts";
import { makeImage } from "../../../test/multipart.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
let admin: BuiltUser;
let person: BuiltUser;

beforeAll(async () => {
  // Payment accounts set, so the person can order a plan by bank transfer (a payment).
  t = await createTestApp(BANK_ACCOUNT_ENV);
  admin = await buildUser(t, { role: "admin" });
  person = await buildUser(t, { role: "customer", name: "Ximena", surname: "Export" });
});
afterAll(async () => {
  await t.close();
});

/** The caller's latest export, which the test expects to exist. */
async function latestExport(person: BuiltUser): Promise<DataExport> {
  const res = await t.api(contract.privacy.latestExport, { token: person.token });
  if (!res.body.export) throw new Error("expected an export, found none");
  return res.body.export;
}

/** Follows a download link as the server gives it (a path carrying its token), as a browser would. */
const follow = (downloadUrl: string | null) => t.raw({ method: "GET", url: downloadUrl ?? "/missing-download-url" });

/** The entries of a zip, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          for await (const chunk of Readable.from(stream)) chunks.push(chunk as Buffer);
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe("data export", () => {
  it("builds a zip in the background holding every kind of record and the uploaded files", async () => {
    const image = await makeImage("png", 64, 64);
    const avatar = await t.upload(contract.files.upload, {
      token: person.token,
      query: { purpose: "avatar" },
      file: { content: image, filename: "me.png" },
    });
    await t.api(contract.profile.update, { token: person.token, body: { avatarKey: avatar.body.key } });
    const attachment = await t.upload(contract.files.upload, {
      token: person.token,
      query: { purpose: "attachment" },
      file: { content: Buffer.from("brief for the shop"), filename: "brief.txt" },
    });
    const project = await buildProject(t, { admin, owner: person, name: "Ximena's shop" });
    await t.api(contract.projects.invite, {
      token: person.token,
      body: { projectId: project.id, email: "friend@example.test", role: "viewer" },
    });
    // A task they created with a description file, and a change they made to it (its history).
    const task = await buildTask(t, person, {
      projectId: project.id,
      title: "Ximena's logo",
      descriptionFileKeys: [attachment.body.key],
    });
    const renamed = await t.api(contract.tasks.update, {
      token: person.token,
      body: { projectId: project.id, taskId: task.id, title: "Ximena's new logo" },
    });
    expect(renamed.status).toBe(200);
    // A payment: a bank transfer order for a plan.
    await buildRates(t, admin);
    await t.api(contract.projects.updateData, { token: person.token, body: { id: project.id, ...BILLING_DETAILS } });
    const payment = await t.api(contract.billing.createOrder, {
      params: { id: project.id },
      body: { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
      token: person.token,
    });
    expect(payment.status).toBe(200);

    expect((await t.api(contract.privacy.latestExport, { token: person.token })).body).toEqual({
      export: null,
    });
    const started = await t.api(contract.privacy.startExport, { token: person.token });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: "queued", progress: 0, downloadUrl: null });
    // One at a time.
    expect((await t.api(contract.privacy.startExport, { token: person.token })).status).toBe(409);

    await t.drainJobs();
    const ready = await latestExport(person);
    expect(ready).toMatchObject({ status: "ready", progress: 100, downloadUrl: expect.any(String) });
    const downloadUrl = ready.downloadUrl ?? "";

    // The link works without a token (a plain browser download) and only with its signature.
    const download = await follow(downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/zip");
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="Atelier-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const tampered = `${downloadUrl.slice(0, -3)}abc`;
    expect((await follow(tampered)).status).toBe(404);

    const bytes = (await t.app.inject({ method: "GET", url: downloadUrl })).rawPayload;
    const entries = await unzip(bytes);
    const data = JSON.parse(entries.get("data.json")?.toString("utf8") ?? "{}");
    expect(data.format).toBe("atelier-personal-data/1");
    expect(data.profile).toMatchObject({
      id: person.user.id,
      name: "Ximena",
      surname: "Export",
      email: person.user.email,
    });
    expect(data.memberships).toEqual([expect.objectContaining({ projectId: project.id, projectRole: "owner" })]);
    expect(data.ownedProjects).toEqual([expect.objectContaining({ id: project.id, name: "Ximena's shop" })]);
    expect(data.invitesSent).toEqual([
      expect.objectContaining({ email: "friend@example.test", projectRole: "viewer" }),
    ]);
    expect(data.uploads.map((upload: { key: string }) => upload.key).sort()).toEqual(
      [avatar.body.key, attachment.body.key].sort(),
    );
    expect(data.tasks).toEqual([
      expect.objectContaining({ id: task.id, projectId: project.id, title: "Ximena's new logo", status: "todo" }),
    ]);
    expect(data.tasksAssigned).toEqual([]);
    expect(data.taskDescriptionFiles).toEqual([
      expect.objectContaining({ taskId: task.id, fileKey: attachment.body.key, name: "brief.txt" }),
    ]);
    expect(data.taskHistory.map((entry: { taskId: string; type: string }) => [entry.taskId, entry.type])).toEqual([
      [task.id, "task.created"],
      [task.id, "task.updated"],
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({
        projectId: project.id,
        reference: payment.body.reference,
        method: "BANK_TRANSFER",
        paymentPlan: "PRO_MONTHLY",
        amountCents: payment.body.amountCents,
        status: "OPEN",
      }),
    ]);
    expect(data.devices).toHaveLength(1);
    expect(data.twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(data.portfolio).toEqual({ connected: false, connectedAt: null });
    // No secret ever leaves: no password hash, no session token.
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|tokenHash|\$argon2/);

    const avatarEntry = data.uploads.find((upload: { key: string }) => upload.key === avatar.body.key).inZipAs;
    expect(entries.get(avatarEntry)?.equals(image)).toBe(true);
    const attachmentEntry = data.uploads.find((upload: { key: string }) => upload.key === attachment.body.key).inZipAs;
    expect(entries.get(attachmentEntry)?.toString("utf8")).toBe("brief for the shop");
  });

  it("keeps one export per person: a new one replaces the last", async () => {
    const first = await latestExport(person);
    expect((await t.api(contract.privacy.startExport, { token: person.token })).status).toBe(200);
    await t.drainJobs();
    const second = await latestExport(person);
    expect(second.id).not.toBe(first.id);
    expect((await follow(first.downloadUrl)).status).toBe(404);
    expect((await follow(second.downloadUrl)).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    expect((await t.api(contract.privacy.startExport)).status).toBe(401);
  });
});
