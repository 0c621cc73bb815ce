import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { contract } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANK_ACCOUNT_ENV } from "../../../test/bank-account-env.ts";
import {
  type BuiltUser,
  buildProject,
  buildRates,
  buildTask,
  buildUser,
  uploadAttachment,
} from "../../../test/builders.ts";
import { makeImage } from "../../../test/multipart.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { createSession } from "../../core/sessions/service.ts";
import {
  dataExports,
  portfolioAccounts,
  projects,
  recoveryCodes,
  sessions,
  twoFactorSecrets,
} from "../../db/schema/index.ts";

let t: TestApp;
let admin: BuiltUser;
let pm: BuiltUser;
let otherOwner: BuiltUser;
let leaving: BuiltUser;
let avatarKey: string;
let ownProjectId: string;
let otherProjectId: string;
let ownTaskId: string;
let otherTaskId: string;
let taskFileKey: string;
let paymentReference: string;

// Strings that must not survive the removal anywhere.
const NAME = "Quenby";
const SURNAME = "Zwolinski";
const EMAIL = "quenby.zwolinski@leaving.example";

const gdpr = (token: string) => t.api(contract.privacy.gdprRequest, { token });
const getProject = (token: string, id: string) => t.api(contract.projects.get, { params: { id }, token });
const getTask = (token: string, id: string, taskId: string) =>
  t.api(contract.tasks.get, { params: { id, taskId }, token });
const serve = (key: string, size?: { w: number; h: number }) =>
  t.api(contract.files.serve, { params: { key }, ...(size ? { query: size } : {}) });

function expectNoTrace(value: unknown, where: string) {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  for (const needle of [NAME, SURNAME, EMAIL, avatarKey]) {
    expect(text.includes(needle), `${where} still carries ${needle}`).toBe(false);
  }
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LOGIN: "1000", ...BANK_ACCOUNT_ENV });
  admin = await buildUser(t, { role: "admin", name: "Ada", surname: "Admin" });
  pm = await buildUser(t, { role: "projectManager", name: "Pat", surname: "Manager" });
  otherOwner = await buildUser(t, { role: "customer", name: "Olga", surname: "Other" });
  leaving = await buildUser(t, { role: "customer", name: NAME, surname: SURNAME, email: EMAIL });

  const uploaded = await t.upload(contract.files.upload, {
    token: leaving.token,
    query: { purpose: "avatar" },
    file: { content: await makeImage("png", 120, 120), filename: `${NAME}.png` },
  });
  avatarKey = uploaded.body.key;
  await t.api(contract.profile.update, { token: leaving.token, body: { avatarKey } });
  // A resized copy exists in storage too.
  expect((await serve(avatarKey, { w: 48, h: 48 })).status).toBe(200);

  const own = await buildProject(t, {
    admin,
    owner: leaving,
    name: "Leaving's shop",
    members: [{ person: pm, role: "projectManager" }],
  });
  ownProjectId = own.id;
  const billing = await t.api(contract.projects.updateData, {
    token: leaving.token,
    body: {
      id: own.id,
      customerType: "INDIVIDUAL",
      customerFirstName: NAME,
      customerLastName: SURNAME,
      customerAddress: "7 Quenby Lane",
      customerPost: "Lisbon",
      customerPostCode: "1000",
      country: "PT",
    },
  });
  expect(billing.status).toBe(200);
  // A payment they placed (a bank transfer order): it keeps its numbers after the removal.
  await buildRates(t, admin);
  const payment = await t.api(contract.billing.createOrder, {
    params: { id: own.id },
    body: { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
    token: leaving.token,
  });
  expect(payment.status).toBe(200);
  paymentReference = payment.body.reference;
  const other = await buildProject(t, {
    admin,
    owner: otherOwner,
    name: "Other's app",
    members: [
      { person: leaving, role: "editor" },
      { person: pm, role: "projectManager" },
    ],
  });
  otherProjectId = other.id;
  // Their tasks: one in their own project with a description file, one on the other team's, which
  // they also changed (task history).
  taskFileKey = await uploadAttachment(t, leaving, "logo-brief.txt");
  ownTaskId = (
    await buildTask(t, leaving, { projectId: own.id, title: "Shop logo", descriptionFileKeys: [taskFileKey] })
  ).id;
  otherTaskId = (await buildTask(t, leaving, { projectId: other.id, title: "App icon" })).id;
  const renamed = await t.api(contract.tasks.update, {
    token: leaving.token,
    body: { projectId: other.id, taskId: otherTaskId, title: "App icon, round" },
  });
  expect(renamed.status).toBe(200);
  await createSession(t.ctx.db, leaving.user.id);
});

afterAll(async () => {
  await t.close();
});

describe("POST /v3/project/gdprRequest refusals", () => {
  it("refuses the platform's last admin with the reason, and changes nothing", async () => {
    const res = await gdpr(admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: false,
      explanation:
        "You are the platform's last admin. Make another user admin before removing your information, so someone can still run the platform.",
    });
    const me = await t.api(contract.auth.info, { token: admin.token });
    expect(me.body).toMatchObject({ name: "Ada", email: admin.user.email });
  });

  it("refuses while a paid subscription runs on a project the person owns, and changes nothing", async () => {
    await t.ctx.db.update(projects).set({ activeStripeSubscription: true }).where(eq(projects.id, ownProjectId));
    const res = await gdpr(leaving.token);
    expect(res.body).toEqual({
      status: false,
      explanation:
        'Your project "Leaving\'s shop" has a paid subscription running. Cancel it (or ask your project manager to) before removing your information.',
    });
    const me = await t.api(contract.auth.info, { token: leaving.token });
    expect(me.body).toMatchObject({ name: NAME, surname: SURNAME, email: EMAIL, avatarKey });
    const project = await getProject(leaving.token, ownProjectId);
    expect(project.body.customerFirstName).toBe(NAME);
    expect((await serve(avatarKey)).status).toBe(200);
    await t.ctx.db.update(projects).set({ activeStripeSubscription: false }).where(eq(projects.id, ownProjectId));
  });
});

describe("POST /v3/project/gdprRequest", () => {
  it("removes the person for good; their projects stay, owned by Deleted user", async () => {
    // Mails to the person are still waiting to be sent when they leave (invites to their address).
    const third = await buildProject(t, { admin, owner: otherOwner, name: "Third" });
    const invite = await t.api(contract.projects.invite, {
      token: admin.token,
      body: { projectId: third.id, email: EMAIL, role: "viewer" },
    });
    expect(invite.status).toBe(200);

    const res = await gdpr(leaving.token);
    expect(res.body).toEqual({ status: true, explanation: "All your information was removed" });

    // Signed out everywhere, and the account cannot sign in again.
    expect((await t.api(contract.auth.info, { token: leaving.token })).status).toBe(401);
    const login = await t.api(contract.auth.login, { body: { email: EMAIL, password: preHash(leaving.password) } });
    expect(login.status).toBe(401);

    // The owned project still loads for staff and its team, owned by "Deleted user".
    const own = await getProject(pm.token, ownProjectId);
    expect(own.status).toBe(200);
    const owner = own.body.projectUsersFeData.find((member) => member.userProjectRole === "owner");
    expect(owner).toMatchObject({ name: "Deleted user", surname: "", email: "", avatarKey: null });
    const ownForAdmin = await getProject(admin.token, ownProjectId);
    expect(ownForAdmin.body).toMatchObject({ customerFirstName: null, customerLastName: null, customerAddress: null });

    // Other people's projects still load; the person is a former member there.
    const other = await getProject(otherOwner.token, otherProjectId);
    expect(other.status).toBe(200);
    const former = other.body.projectUsersFeData.find((member) => member.id === leaving.user.id);
    expect(former).toMatchObject({ name: "Deleted user", surname: "", userActiveOnProject: false });

    // Their tasks stay, with their description file and history, made by "Deleted user".
    const ownTask = await getTask(pm.token, ownProjectId, ownTaskId);
    expect(ownTask.status).toBe(200);
    expect(ownTask.body).toMatchObject({ title: "Shop logo", createdBy: { name: "Deleted user" } });
    expect(ownTask.body.descriptionFiles.map((file) => file.key)).toEqual([taskFileKey]);
    expect((await serve(taskFileKey)).status).toBe(200);
    const otherTask = await getTask(otherOwner.token, otherProjectId, otherTaskId);
    expect(otherTask.body).toMatchObject({ title: "App icon, round", createdBy: { name: "Deleted user" } });
    const history = await t.api(contract.tasks.history, {
      params: { id: otherProjectId, taskId: otherTaskId },
      token: otherOwner.token,
    });
    expect(history.status).toBe(200);
    expect(history.body.items.map((item) => item.type).sort()).toEqual(["task.created", "task.updated"]);
    for (const item of history.body.items) expect(item.actor).toMatchObject({ name: "Deleted user" });

    // Their open order is cancelled (nobody pays for it) and keeps its numbers in the admin's list.
    expect((await t.api(contract.billing.listOrders, { query: {}, token: admin.token })).body.items).toEqual([]);
    const orders = await t.api(contract.billing.listOrders, { query: { status: "CANCELED" }, token: admin.token });
    expect(orders.body.items).toEqual([
      expect.objectContaining({ reference: paymentReference, projectName: "Leaving's shop", status: "CANCELED" }),
    ]);

    // No answer carries the person's name, e-mail or avatar.
    const answers = await Promise.all([
      orders,
      own,
      ownForAdmin,
      other,
      getProject(admin.token, otherProjectId),
      t.api(contract.projects.list, { token: admin.token }),
      t.api(contract.projects.list, { token: pm.token }),
      t.api(contract.users.list, { token: admin.token }),
      t.api(contract.profile.listCustomers, { token: admin.token }),
      t.api(contract.profile.listCustomers, { query: { search: NAME }, token: admin.token }),
      ownTask,
      otherTask,
      history,
      t.api(contract.tasks.history, { params: { id: ownProjectId, taskId: ownTaskId }, token: pm.token }),
      t.api(contract.tasks.list, { params: { id: ownProjectId }, query: {}, token: pm.token }),
      t.api(contract.tasks.list, { params: { id: otherProjectId }, query: {}, token: otherOwner.token }),
      t.api(contract.tasks.dashboard, { query: {}, token: admin.token }),
    ]);
    for (const [index, answer] of answers.entries()) {
      expect(answer.status).toBe(200);
      expectNoTrace(answer.body, `answer ${index}`);
    }
    expect((await serve(avatarKey)).status).toBe(404);
    expect((await serve(avatarKey, { w: 48, h: 48 })).status).toBe(404);

    // No mail (the pending invite's included) and no stored file carries them.
    for (const mail of await t.readOutbox()) expectNoTrace(mail, `mail "${mail.subject}"`);
    const filesDir = path.join(t.config.dataDir, "files");
    for (const name of await listFiles(filesDir)) {
      expectNoTrace(name, "a stored file's name");
      expectNoTrace((await readFile(name)).toString("latin1"), `stored file ${name}`);
    }
  });
});

describe("POST /v3/project/gdprRequest, what else goes", () => {
  it("erases two-factor sign-in, recovery codes, sessions, the data export and its zip", async () => {
    const person = await buildUser(t, { role: "designer", name: "Rowan", surname: "Remover" });
    const setup = await t.api(contract.twoFactor.setup, { token: person.token });
    const code = await generate({ secret: setup.body.secret });
    await t.api(contract.twoFactor.enable, { token: person.token, body: { code } });
    await t.api(contract.portfolio.connect, { token: person.token, body: { accessToken: "a-portfolio-token" } });
    await t.api(contract.privacy.startExport, { token: person.token });
    await t.drainJobs();
    const [built] = await t.ctx.db.select().from(dataExports).where(eq(dataExports.userId, person.user.id));
    expect(built?.storageKey).toEqual(expect.any(String));
    expect(await t.ctx.storage.size(built?.storageKey ?? "")).toBeGreaterThan(0);

    expect((await gdpr(person.token)).body.status).toBe(true);

    for (const table of [dataExports, twoFactorSecrets, recoveryCodes, sessions, portfolioAccounts]) {
      const rows = await t.ctx.db.select({ userId: table.userId }).from(table).where(eq(table.userId, person.user.id));
      expect(rows).toEqual([]);
    }
    expect(await t.ctx.storage.size(built?.storageKey ?? "")).toBeNull();
  });
});

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
