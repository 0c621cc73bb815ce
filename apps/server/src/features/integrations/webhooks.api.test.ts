import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { contract, type Project, WEBHOOK_SENDS_PER_MINUTE, WEBHOOKS_PER_SCOPE, type Webhook } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  assignTask,
  type BuiltUser,
  buildTask,
  buildTeamWorld,
  buildUser,
  type Cast,
  type CastMember,
  setStatusAs,
  startTaskAs,
  statusesByActor,
  TABLE_ACTORS,
} from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { users, webhookDeliveries, webhookSubscriptions } from "../../db/schema/index.ts";
import { postToUserUrl } from "../../lib/outgoing-http.ts";

/** A local receiver: records what reaches it and answers `status`; `stop` and `start` kill and revive it on its port. */
interface Receiver {
  url: string;
  received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  status: number;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  let server: Server | undefined;
  let port = 0;
  const receiver: Receiver = {
    url: "",
    received: [],
    status: 204,
    async start() {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
          response.writeHead(receiver.status).end();
        });
      });
      server.listen(port, "127.0.0.1");
      await once(server, "listening");
      port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hook`;
    },
    async stop() {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
  await receiver.start();
  return receiver;
}

let t: TestApp;
let cast: Cast;
let project: Project;
let receiver: Receiver;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_SECONDS: "1" }));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** Runs due jobs until `check` holds (retries come due a second later), failing after a few seconds. */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 8000;
  for (;;) {
    await t.drainJobs();
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function projectWebhook(by: BuiltUser = cast.owner, eventTypes: Webhook["eventTypes"] = ["task.created"]) {
  const created = await t.api(contract.webhooks.projectCreate, {
    params: { id: project.id },
    body: { url: receiver.url, eventTypes },
    token: by.token,
  });
  expect(created.status).toBe(200);
  return created.body;
}

async function workspaceWebhook() {
  const created = await t.api(contract.webhooks.create, {
    body: { url: receiver.url, eventTypes: ["task.created"], description: "all projects" },
    token: cast.admin.token,
  });
  expect(created.status).toBe(200);
  return created.body;
}

const clearWebhooks = () => t.ctx.db.delete(webhookSubscriptions);

afterEach(async () => {
  receiver.status = 204;
  await clearWebhooks();
});

describe("webhooks: permission table", () => {
  const ADMIN_ONLY = statusesByActor(200, 403, 403, 403, 403, 403, 403, 403);
  // A project's webhooks: its owner and admins; staff and members who may not 403, outsiders 404.
  const PROJECT_OWNER = statusesByActor(200, 403, 403, 404, 200, 403, 403, 404);
  // One webhook by id: the same, except that a workspace webhook is unknown (404) to non-admins.
  const WORKSPACE_BY_ID = statusesByActor(200, 404, 404, 404, 404, 404, 404, 404);

  it.each(TABLE_ACTORS)("%s: the workspace's list and create", async (who: CastMember) => {
    const list = await t.api(contract.webhooks.list, { token: cast[who].token });
    expect(list.status).toBe(ADMIN_ONLY[who]);
    const created = await t.api(contract.webhooks.create, {
      body: { url: receiver.url, eventTypes: ["task.created"] },
      token: cast[who].token,
    });
    expect(created.status).toBe(ADMIN_ONLY[who]);
  });

  it.each(TABLE_ACTORS)("%s: a project's list and create", async (who: CastMember) => {
    const list = await t.api(contract.webhooks.projectList, { params: { id: project.id }, token: cast[who].token });
    expect(list.status).toBe(PROJECT_OWNER[who]);
    const created = await t.api(contract.webhooks.projectCreate, {
      params: { id: project.id },
      body: { url: receiver.url, eventTypes: ["task.created"] },
      token: cast[who].token,
    });
    expect(created.status).toBe(PROJECT_OWNER[who]);
  });

  it.each(TABLE_ACTORS)("%s: update, test, deliveries, redeliver and delete one webhook", async (who) => {
    for (const [{ webhook }, expected] of [
      [await projectWebhook(), PROJECT_OWNER[who]],
      [await workspaceWebhook(), WORKSPACE_BY_ID[who]],
    ] as const) {
      const token = cast[who].token;
      const params = { id: webhook.id };
      const test = await t.api(contract.webhooks.sendTest, { params, token: cast.admin.token });
      const deliveryId = test.body.id;
      expect((await t.api(contract.webhooks.update, { params, body: { description: "x" }, token })).status).toBe(
        expected,
      );
      expect((await t.api(contract.webhooks.sendTest, { params, token })).status).toBe(expected);
      expect((await t.api(contract.webhooks.deliveries, { params, token })).status).toBe(expected);
      const redeliver = await t.api(contract.webhooks.redeliver, { params: { ...params, deliveryId }, token });
      expect(redeliver.status).toBe(expected);
      expect((await t.api(contract.webhooks.remove, { params, token })).status).toBe(expected);
    }
  });

  it("unknown ids answer 404, and a delivery of another webhook is unknown under this one", async () => {
    const token = cast.admin.token;
    expect((await t.api(contract.webhooks.remove, { params: { id: UNKNOWN_ID }, token })).status).toBe(404);
    const first = await projectWebhook();
    const second = await projectWebhook();
    const test = await t.api(contract.webhooks.sendTest, { params: { id: first.webhook.id }, token });
    const crossed = await t.api(contract.webhooks.redeliver, {
      params: { id: second.webhook.id, deliveryId: test.body.id },
      token,
    });
    expect(crossed.status).toBe(404);
  });

  it("refuses bad input with a clear message and keeps nothing", async () => {
    const create = (body: Record<string, unknown>) =>
      t.raw(contract.webhooks.projectCreate, { params: { id: project.id }, body, token: cast.owner.token });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: "ftp://example.com/x", eventTypes: ["task.created"] }, "url"],
      [{ url: "https://user:secret@example.com/x", eventTypes: ["task.created"] }, "url"],
      [{ url: "not a url", eventTypes: ["task.created"] }, "url"],
      [{ url: receiver.url, eventTypes: [] }, "eventTypes"],
      [{ url: receiver.url, eventTypes: ["user.erased"] }, "eventTypes.0"],
      [{ url: receiver.url }, "eventTypes"],
    ];
    for (const [body, field] of cases) {
      const answer = await create(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.error.fields ?? {})).toContain(field);
    }
    expect(await t.ctx.db.select().from(webhookSubscriptions)).toHaveLength(0);
  });
});

describe("webhooks: delivery", () => {
  it("signs each message (Standard Webhooks) and retries after the receiver comes back", async () => {
    const { secret, webhook } = await projectWebhook(cast.owner, ["task.created", "task.statusChanged"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(
      JSON.stringify(
        (await t.api(contract.webhooks.projectList, { params: { id: project.id }, token: cast.owner.token })).body,
      ),
    ).not.toContain(secret);
    const verifier = new StandardWebhook(secret);
    receiver.received = [];

    const task = await buildTask(t, cast.owner, { projectId: project.id, title: "Logo" });
    await until(() => receiver.received.length === 1, "the task.created message");
    const [message] = receiver.received;
    if (!message) throw new Error("no message");
    const verified = verifier.verify(message.body, {
      "webhook-id": String(message.headers["webhook-id"]),
      "webhook-timestamp": String(message.headers["webhook-timestamp"]),
      "webhook-signature": String(message.headers["webhook-signature"]),
    }) as { type: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({
      type: "task.created",
      data: {
        projectId: project.id,
        actorId: cast.owner.user.id,
        subject: { type: "task", id: task.id },
        payload: { title: "Logo" },
      },
    });
    expect(() => verifier.verify(`${message.body} `, message.headers as Record<string, string>)).toThrow();

    // The receiver dies: the status change's first attempt fails and is logged, and its retry succeeds later.
    const assigned = await assignTask(t, cast.admin, task, cast.designerOnTeam);
    const started = await startTaskAs(t, cast.admin, assigned);
    await receiver.stop();
    await setStatusAs(t, cast.admin, started, "review");
    await t.drainJobs();
    const failed = await t.api(contract.webhooks.deliveries, { params: { id: webhook.id }, token: cast.owner.token });
    expect(failed.body.items[0]).toMatchObject({
      eventType: "task.statusChanged",
      state: "pending",
      attempts: 1,
      statusCode: null,
    });
    expect(failed.body.items[0]?.error).toMatch(/Connection failed/);
    expect(failed.body.items[0]?.nextAttemptAt).toBeGreaterThan(Date.now() - 1000);
    receiver.received = [];
    await receiver.start();
    await until(() => receiver.received.length === 1, "the retried message");
    // Only the status change came: neither the assignment nor the start is subscribed.
    expect(receiver.received).toHaveLength(1);
    const retried = receiver.received[0];
    expect(JSON.parse(retried?.body ?? "{}")).toMatchObject({
      type: "task.statusChanged",
      data: { payload: { from: "inProgress", to: "review" } },
    });
    const log = await t.api(contract.webhooks.deliveries, { params: { id: webhook.id }, token: cast.owner.token });
    expect(log.body.items[0]).toMatchObject({ state: "succeeded", attempts: 2, statusCode: 204, error: null });
    expect(log.body.items[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(retried?.headers["webhook-id"]).toBe(log.body.items[0]?.id);

    // Redelivery sends the same message (id and body) again.
    receiver.received = [];
    await t.api(contract.webhooks.redeliver, {
      params: { id: webhook.id, deliveryId: log.body.items[0]?.id ?? "" },
      token: cast.owner.token,
    });
    await until(() => receiver.received.length === 1, "the redelivered message");
    expect(receiver.received[0]?.body).toBe(retried?.body);
  });

  it("sends only subscribed events of the webhook's project, and the workspace's of every project", async () => {
    const { webhook: projectHook } = await projectWebhook(cast.owner, ["task.approved"]);
    const { webhook: workspaceHook } = await workspaceWebhook();
    receiver.received = [];
    await buildTask(t, cast.editor, { projectId: project.id });
    await until(() => receiver.received.length === 1, "the workspace's message");
    const projectLog = await t.api(contract.webhooks.deliveries, {
      params: { id: projectHook.id },
      token: cast.owner.token,
    });
    expect(projectLog.body.items).toHaveLength(0);
    const workspaceLog = await t.api(contract.webhooks.deliveries, {
      params: { id: workspaceHook.id },
      token: cast.admin.token,
    });
    expect(workspaceLog.body.items).toMatchObject([{ eventType: "task.created", state: "succeeded" }]);
  });

  it("a paused webhook sends nothing and refuses a test; a 3xx is a failure, not followed", async () => {
    const { webhook } = await projectWebhook();
    const paused = await t.api(contract.webhooks.update, {
      params: { id: webhook.id },
      body: { paused: true },
      token: cast.owner.token,
    });
    expect(paused.body.state).toBe("paused");
    expect(
      (await t.api(contract.webhooks.sendTest, { params: { id: webhook.id }, token: cast.owner.token })).status,
    ).toBe(412);
    await buildTask(t, cast.owner, { projectId: project.id });
    await t.drainJobs();
    expect(
      await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, webhook.id)),
    ).toHaveLength(0);
    await t.api(contract.webhooks.update, {
      params: { id: webhook.id },
      body: { paused: false },
      token: cast.owner.token,
    });
    receiver.status = 302;
    const test = await t.api(contract.webhooks.sendTest, { params: { id: webhook.id }, token: cast.owner.token });
    await until(async () => {
      const [row] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, test.body.id));
      return row?.attempts === 1;
    }, "the test attempt");
    const log = await t.api(contract.webhooks.deliveries, { params: { id: webhook.id }, token: cast.owner.token });
    expect(log.body.items[0]).toMatchObject({ eventType: "webhook.test", state: "pending", statusCode: 302 });
    expect(log.body.items[0]?.error).toMatch(/Redirect/);
  });

  it("shows each event as its subscriber may see it now: nothing once they may not see the project", async () => {
    const admin = await buildUser(t, { role: "admin" });
    const { webhook } = await projectWebhook(admin);
    await t.ctx.db.update(users).set({ role: "customer" }).where(eq(users.id, admin.user.id));
    receiver.received = [];
    await buildTask(t, cast.owner, { projectId: project.id });
    await until(async () => {
      const rows = await t.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.subscriptionId, webhook.id));
      return rows[0]?.state === "failed";
    }, "the delivery to give up");
    const log = await t.api(contract.webhooks.deliveries, { params: { id: webhook.id }, token: cast.owner.token });
    expect(log.body.items).toMatchObject([
      { eventType: "task.created", state: "failed", attempts: 0, error: "The subscriber may no longer see this event" },
    ]);
    expect(receiver.received).toHaveLength(0);
  });

  it("turns a webhook off after three days of failures and tells its subscriber", async () => {
    const { webhook } = await projectWebhook();
    await t.ctx.db
      .update(webhookSubscriptions)
      .set({ failingSince: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000 - 60_000) })
      .where(eq(webhookSubscriptions.id, webhook.id));
    receiver.status = 500;
    await t.api(contract.webhooks.sendTest, { params: { id: webhook.id }, token: cast.owner.token });
    const mails = await t.readOutbox();
    const [row] = await t.ctx.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, webhook.id));
    expect(row?.state).toBe("disabled");
    expect(
      mails.filter((mail) => mail.to === cast.owner.user.email && mail.subject.includes("Webhook turned off")),
    ).toHaveLength(1);
    const log = await t.api(contract.webhooks.deliveries, { params: { id: webhook.id }, token: cast.owner.token });
    expect(log.body.items[0]).toMatchObject({ state: "failed", statusCode: 500, nextAttemptAt: null });
  });
});

describe("webhooks: limits", () => {
  it("counts test messages and redeliveries per person (429 beyond), and at most 10 webhooks per scope (412)", async () => {
    const owner = await buildUser(t, { role: "admin" });
    const { webhook } = await projectWebhook(owner);
    const params = { id: webhook.id };
    let delivery = "";
    for (let sent = 0; sent < WEBHOOK_SENDS_PER_MINUTE; sent += 1) {
      const answer = await t.api(contract.webhooks.sendTest, { params, token: owner.token });
      expect(answer.status).toBe(200);
      delivery = answer.body.id;
    }
    expect((await t.api(contract.webhooks.sendTest, { params, token: owner.token })).status).toBe(429);
    const redeliver = await t.api(contract.webhooks.redeliver, {
      params: { ...params, deliveryId: delivery },
      token: owner.token,
    });
    expect(redeliver.status).toBe(429);
    expect((await t.api(contract.webhooks.sendTest, { params, token: cast.owner.token })).status).toBe(200);
    for (let count = 1; count < WEBHOOKS_PER_SCOPE; count += 1) await projectWebhook(owner);
    const eleventh = await t.api(contract.webhooks.projectCreate, {
      params: { id: project.id },
      body: { url: receiver.url, eventTypes: ["task.created"] },
      token: cast.owner.token,
    });
    expect(eleventh.status).toBe(412);
  });
});

describe("webhooks: the server's own network is out of reach", () => {
  it("refuses loopback, metadata and private addresses, and names resolving to them", async () => {
    t.config.webhooks.allowPrivate = false;
    try {
      const port = new URL(receiver.url).port;
      for (const url of [
        `http://127.0.0.1:${port}/hook`,
        "http://169.254.169.254/latest/meta-data/",
        `http://localhost:${port}/hook`,
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://10.0.0.5/hook",
        "http://2130706433/hook",
      ]) {
        const answer = await t.api(contract.webhooks.projectCreate, {
          params: { id: project.id },
          body: { url, eventTypes: ["task.created"] },
          token: cast.owner.token,
        });
        expect(answer.status, url).toBe(400);
        expect(answer.error.fields?.url, url).toMatch(/private or local network/);
      }
      expect(await t.ctx.db.select().from(webhookSubscriptions)).toHaveLength(0);
    } finally {
      t.config.webhooks.allowPrivate = true;
    }
  });

  it("checks again when connecting, so a name that now resolves to the server's network is not reached", async () => {
    receiver.received = [];
    const port = new URL(receiver.url).port;
    const common = { headers: {}, body: "{}", timeoutMs: 2000, maxAnswerBytes: 1024, allowPrivate: false };
    const byName = await postToUserUrl({ ...common, url: `http://localhost:${port}/hook` });
    expect(byName).toMatchObject({ statusCode: null, error: expect.stringMatching(/^Refused/) });
    const byAddress = await postToUserUrl({ ...common, url: `http://127.0.0.1:${port}/hook` });
    expect(byAddress).toMatchObject({ statusCode: null, error: expect.stringMatching(/^Refused/) });
    expect(receiver.received).toHaveLength(0);
    const allowed = await postToUserUrl({ ...common, allowPrivate: true, url: receiver.url });
    expect(allowed).toMatchObject({ statusCode: 204, error: null });
  });
});
