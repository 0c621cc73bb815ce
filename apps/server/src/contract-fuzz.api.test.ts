import { buildPath, contract, type Endpoint } from "@atelier/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  type Json,
  type Samples,
  schemaNode,
  validValue,
  type WrongValue,
  wrongTexts,
  wrongValues,
} from "../test/bad-input.ts";
import { BANK_ACCOUNT_ENV } from "../test/bank-account-env.ts";
import {
  BILLING_DETAILS,
  type BuiltUser,
  buildCast,
  buildRates,
  buildTeamProject,
  type Cast,
  uploadAttachment,
} from "../test/builders.ts";
import { type DataWatch, watchData } from "../test/data-fingerprint.ts";
import { addDesigns, buildWorkTask, ok, uploadImage } from "../test/design-builders.ts";
import { createTestApp, preHash, type TestApp } from "../test/test-app.ts";

/**
 * No input answers 5xx, and no refused input changes anything (security issue, point 7). Walks
 * every call of the contract as a signed-in admin and as a customer: for every field of its
 * params, query and body, the wrong values `test/bad-input.ts` builds from the field's schema,
 * each sent in an otherwise valid request (real ids, so the call would reach its handler); then
 * a body that is not JSON, JSON that is not an object, a wrong content type, and a token that is
 * no session. Every answer must be below 500, and the data (rows and stored files) must be the
 * same after each call's requests as before.
 */

/** Columns that move on any authenticated call without any change of data. */
/**
 * Columns that move with no request: a session's last-seen and expiry, and the job runner's own
 * housekeeping clock (pg-boss stamps its maintenance and monitoring runs, every few seconds).
 */
const IGNORED_COLUMNS = [
  "sessions.last_seen_at",
  "sessions.expires_at",
  "version.maintained_on",
  "version.monitored_on",
  "version.cron_on",
];
/** Requests in flight at once: enough to keep the event loop busy, few enough for PGlite. */
const IN_FLIGHT = 8;
// A request still open after this long counts as hung; generous, as a busy 2-core machine is slow.
const REQUEST_TIMEOUT_MS = 30_000;

interface World {
  t: TestApp;
  cast: Cast;
  ids: Record<string, string>;
  keys: { design: string; attachment: string; guestLink: string };
}

interface Case {
  label: string;
  /** the contract's schemas let it through to the handler (multipart and raw bodies are read there) */
  reachesHandler: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

interface Walked {
  name: string;
  endpoint: Endpoint;
}

let world: World;
let data: DataWatch;

beforeAll(async () => {
  const t = await createTestApp({
    ...BANK_ACCOUNT_ENV,
    // The walk sends thousands of requests from one address; the limits have tests of their own.
    RATE_LIMIT_LOGIN: "1000000",
    RATE_LIMIT_REGISTER: "1000000",
    RATE_LIMIT_PASSWORD_RESET: "1000000",
  });
  world = await buildWorld(t);
  data = await watchData(t, IGNORED_COLUMNS);
}, 180_000);

afterAll(async () => {
  await world?.t.close();
});

// About 2,700 requests: seconds on an idle machine, the timeout leaves room for a busy one.
it("answers every wrong input of every call below 500, and changes nothing", async () => {
  const started = Date.now();
  const cpuBefore = process.cpuUsage();
  const endpoints = allEndpoints();
  const failures: string[] = [];
  const invalidBases: string[] = [];
  let sent = 0;
  let covered = 0;
  for (const actor of ["admin", "owner"] as const) {
    const person = world.cast[actor];
    for (const { name, endpoint } of endpoints) {
      // What the schemas refuse never reaches a handler, so the customer sends only the rest.
      const cases = casesFor(endpoint, person, invalidBases, actor === "admin").filter(
        (item) => actor === "admin" || item.reachesHandler,
      );
      if (cases.length === 0) continue;
      if (actor === "admin") covered += 1;
      const answers = await sendAll(cases);
      sent += answers.length;
      for (const { item, status, body } of answers) {
        if (status >= 500) failures.push(`${name} as ${actor}: ${item.label} answered ${status} ${body.slice(0, 200)}`);
      }
      const changed = await data.changes();
      if (changed.length > 0) {
        const accepted = answers.filter((answer) => answer.status < 300).map((answer) => answer.item.label);
        failures.push(
          `${name} as ${actor} changed ${changed.join(", ")} (answered 2xx: ${accepted.join("; ") || "none"})`,
        );
      }
    }
  }
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `contract walk: ${sent} requests over ${covered} calls in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU)`,
  );
  // Every call's valid request passes its own schema, so each wrong value is the only thing wrong.
  expect({ invalidBases, failures }).toEqual({ invalidBases: [], failures: [] });
  expect(covered, "every call of the contract is walked").toBe(endpoints.length);
}, 180_000);

// ------------------------------------------------------------------------------------ the world

async function buildWorld(t: TestApp): Promise<World> {
  const cast = await buildCast(t);
  const project = await buildTeamProject(t, cast, { name: "Walked project" });
  const task = await buildWorkTask(t, cast, project);
  const design = await uploadImage(t, cast.designerOnTeam);
  const designs = await addDesigns(t, cast.designerOnTeam, task, [design]);
  const version = designs.designerFileList[0];
  if (!version) throw new Error("the design was not added");
  const attachment = await uploadAttachment(t, cast.admin);
  const comment = ok(
    "comment",
    await t.api(contract.designs.addComment, {
      token: cast.admin.token,
      body: { projectId: project.id, taskId: task.id, designerFileUuid: version.uuid, comment: "Looks good" },
    }),
  );
  ok(
    "invite",
    await t.api(contract.projects.invite, {
      token: cast.admin.token,
      body: { projectId: project.id, email: "invited@example.test", role: "viewer" },
    }),
  );
  const invites = ok(
    "invites",
    await t.api(contract.projects.listInvites, { token: cast.admin.token, params: { id: project.id } }),
  );
  ok(
    "billing details",
    await t.api(contract.projects.updateData, {
      token: cast.owner.token,
      body: { id: project.id, ...BILLING_DETAILS },
    }),
  );
  await buildRates(t, cast.admin);
  const order = ok(
    "order",
    await t.api(contract.billing.createOrder, {
      token: cast.owner.token,
      params: { id: project.id },
      body: { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
    }),
  );
  // A confirmed payment elsewhere, for the invoice calls (the order above stays open for its own).
  const paid = await buildTeamProject(t, cast, { name: "Paid project" });
  ok(
    "paid details",
    await t.api(contract.projects.updateData, { token: cast.owner.token, body: { id: paid.id, ...BILLING_DETAILS } }),
  );
  const paidOrder = ok(
    "paid order",
    await t.api(contract.billing.createOrder, {
      token: cast.owner.token,
      params: { id: paid.id },
      body: { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
    }),
  );
  ok(
    "confirmed",
    await t.api(contract.billing.confirmOrder, { token: cast.admin.token, params: { orderId: paidOrder.id } }),
  );
  const invoices = ok("invoices", await t.api(contract.invoices.list, { token: cast.admin.token }));
  const notification = ok(
    "announcement",
    await t.api(contract.platformNotifications.create, { token: cast.admin.token, body: { message: "Maintenance" } }),
  );
  const sessions = ok("sessions", await t.api(contract.privacy.listSessions, { token: cast.admin.token }));
  // A public address written as one (no name to resolve); the walk never runs the delivery jobs.
  const webhook = ok(
    "webhook",
    await t.api(contract.webhooks.create, {
      token: cast.admin.token,
      body: { url: "https://93.184.215.14/hook", eventTypes: ["task.created"] },
    }),
  );
  const delivery = ok(
    "webhook test",
    await t.api(contract.webhooks.sendTest, { token: cast.admin.token, params: { id: webhook.webhook.id } }),
  );
  const guestShare = ok(
    "guest share",
    await t.api(contract.guestShares.create, {
      token: cast.admin.token,
      body: { projectId: project.id, taskId: task.id },
    }),
  );
  const guest = ok(
    "guest joins",
    await t.api(contract.guestReview.join, {
      body: { link: guestShare.link, name: "Fuzz Guest", email: "fuzz-guest@example.com", password: null },
    }),
  );
  return {
    t,
    cast,
    keys: { design, attachment, guestLink: guestShare.link },
    ids: {
      project: project.id,
      task: task.id,
      designer: cast.designerOnTeam.user.id,
      owner: cast.owner.user.id,
      version: version.uuid,
      comment: comment.id,
      invite: invites.items[0]?.id ?? "",
      order: order.id,
      invoice: invoices.items[0]?.id ?? "",
      notification: notification.id,
      session: sessions.items[0]?.id ?? "",
      webhook: webhook.webhook.id,
      delivery: delivery.id,
      guestShare: guestShare.share.id,
      guest: guest.guest.id,
    },
  };
}

const NO_ROUND = "00000000-0000-4000-8000-000000000023";

function allEndpoints(): Walked[] {
  return Object.entries(contract).flatMap(([feature, calls]) =>
    Object.entries(calls as Record<string, Endpoint>).map(([call, endpoint]) => ({
      name: `${feature}.${call} (${endpoint.method} ${endpoint.path})`,
      endpoint,
    })),
  );
}

/** Real values for the call's fields: ids of the rows it would touch, texts its patterns expect. */
function samplesFor(endpoint: Endpoint): Samples {
  const { ids, keys } = world;
  const pathId = endpoint.path.startsWith("/user/")
    ? ids.designer
    : endpoint.path.startsWith("/profile/sessions/")
      ? ids.session
      : endpoint.path.startsWith("/v3/platform-notification/")
        ? ids.notification
        : endpoint.path.startsWith("/webhooks/")
          ? ids.webhook
          : endpoint === contract.users.save
            ? ids.designer
            : ids.project;
  const byField: Record<string, string | undefined> = {
    id: pathId,
    projectId: ids.project,
    taskId: ids.task,
    afterTaskId: ids.task,
    designerId: ids.designer,
    userId: ids.designer,
    // a task comment may mention the team's designer
    mentionIds: ids.designer,
    ownerId: ids.owner,
    designerFileUuid: ids.version,
    commentId: ids.comment,
    inviteId: ids.invite,
    orderId: ids.order,
    deliveryId: ids.delivery,
    invoiceId: ids.invoice,
    // review rounds: the world's design version and a team member; no round is open on its task
    // (one would hold its approval), so a round id is one no round has and answers 404
    designerFileUuids: ids.version,
    reviewerIds: ids.owner,
    // a guest who used the task's link, asked beside members
    guestIds: ids.guest,
    roundId: NO_ROUND,
    shareId: ids.guestShare,
  };
  const day = Date.UTC(2026, 0, 5);
  return {
    idFor(field) {
      const id = byField[field];
      if (!id) throw new Error(`no id for the field ${field} of ${endpoint.path}`);
      return id;
    },
    forPattern(pattern) {
      if (pattern.startsWith("^[A-Za-z0-9_-]{22,64}")) return keys.design;
      if (pattern === "^[A-Za-z0-9_-]{43}$") return keys.guestLink;
      if (pattern === "^[0-9a-f]{64}$") return preHash("walked-password");
      if (pattern.startsWith("^\\d{1,12}")) return "1.5";
      if (pattern.startsWith("^[A-Za-z0-9_]{1,255}")) return "cs_test_walk";
      if (pattern === "^\\d{1,15}$" || pattern === "^\\d{1,19}$") return "1";
      return undefined;
    },
    forText(field) {
      if (/email$/i.test(field)) return "walker@example.test";
      if (field === "dropboxShareLinkToFolder") return "https://example.com/folder";
      if (field === "url" && endpoint.path.includes("webhooks")) return "https://93.184.215.15/hook";
      if (field === "code") return "123456";
      if (field === "country") return "DE";
      if (field === "key" && endpoint === contract.files.serve) return keys.attachment;
      // The stream's token is never valid, so no request of the walk opens a stream that stays open.
      if (field === "token" && endpoint === contract.realtime.stream) return "not-a-stream-token";
      return undefined;
    },
    forNumber(field) {
      if (field === "from") return day;
      if (field === "to") return day + 7 * 86_400_000;
      // a review round's due day: the end of a day to come
      if (field === "dueAt") return Date.UTC(2099, 0, 5, 23, 59, 59);
      if (/PeriodEnd$/.test(field)) return Math.floor(Date.now() / 1000) + 30 * 86_400;
      if ((field === "w" || field === "h") && endpoint === contract.files.serve) return 48;
      return undefined;
    },
  };
}

// ------------------------------------------------------------------------------------ the cases

/** Where every field given is not a valid request: an update with `id` takes no password. */
function adjusted(endpoint: Endpoint, body: Json): Json {
  if (endpoint === contract.users.save && typeof body === "object" && body !== null && !Array.isArray(body)) {
    const { password: _password, ...rest } = body;
    return rest;
  }
  return body;
}

function casesFor(endpoint: Endpoint, person: BuiltUser, invalidBases: string[], noteBases: boolean): Case[] {
  const samples = samplesFor(endpoint);
  const parts = {
    params: endpoint.params ? schemaNode(endpoint.params) : undefined,
    query: endpoint.query ? schemaNode(endpoint.query) : undefined,
    body: endpoint.body ? schemaNode(endpoint.body) : undefined,
  };
  const params = textsOf(parts.params ? validValue(parts.params, "params", samples) : {});
  const query = textsOf(parts.query ? validValue(parts.query, "query", samples) : {});
  const body = parts.body ? adjusted(endpoint, validValue(parts.body, "body", samples)) : undefined;
  if (noteBases) {
    for (const [part, schema, value] of [
      ["params", endpoint.params, params],
      ["query", endpoint.query, query],
      ["body", endpoint.multipart ? undefined : endpoint.body, body],
    ] as const) {
      const parsed = schema?.safeParse(value);
      if (parsed && !parsed.success) invalidBases.push(`${endpoint.path} ${part}: ${parsed.error.message}`);
    }
  }

  const token: Record<string, string> = endpoint.auth ? { "auth-token": person.token } : {};
  const readsInHandler = Boolean(endpoint.multipart || endpoint.rawBody);
  const passes = (schema: Endpoint["body"], value: unknown) => !schema || schema.safeParse(value).success;
  const request = (
    label: string,
    input: {
      params?: Record<string, string>;
      query?: Record<string, string | string[]>;
      payload?: string | Buffer;
      /** the body as sent, when it is JSON the schema can judge */
      body?: Json;
    },
    headers: Record<string, string> = {},
  ): Case => ({
    label,
    reachesHandler:
      readsInHandler ||
      (passes(endpoint.params, input.params ?? params) &&
        passes(endpoint.query, input.query ?? query) &&
        input.body !== undefined &&
        passes(endpoint.body, input.body)),
    method: endpoint.method,
    url: urlOf(endpoint, input.params ?? params, input.query ?? query),
    headers: {
      ...token,
      ...(input.payload === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    ...(input.payload === undefined ? {} : { payload: input.payload }),
  });
  const json = (value: Json | undefined) => (value === undefined ? undefined : JSON.stringify(value));
  const validPayload = json(body);

  const cases: Case[] = [];
  for (const [name, node] of Object.entries(parts.params?.properties ?? {})) {
    for (const text of wrongTexts(node, params[name] ?? "")) {
      cases.push(
        request(`params.${name} = ${describe(text)}`, {
          params: { ...params, [name]: text },
          payload: validPayload,
          ...(body === undefined ? {} : { body }),
        }),
      );
    }
  }
  for (const [name, node] of Object.entries(parts.query?.properties ?? {})) {
    const valid = query[name] ?? "";
    for (const text of wrongTexts(node, typeof valid === "string" ? valid : "")) {
      cases.push(
        request(`query.${name} = ${describe(text)}`, {
          query: { ...query, [name]: text },
          payload: validPayload,
          ...(body === undefined ? {} : { body }),
        }),
      );
    }
    cases.push(
      request(`query.${name} given twice`, {
        query: { ...query, [name]: [String(valid), String(valid)] },
        payload: validPayload,
        ...(body === undefined ? {} : { body }),
      }),
    );
  }
  if (parts.body && body !== undefined && !endpoint.multipart) {
    for (const wrong of wrongValues(parts.body, body)) {
      cases.push(request(`body ${label(wrong)}`, { payload: JSON.stringify(wrong.value), body: wrong.value }));
    }
  }
  if (endpoint.multipart) cases.push(...multipartCases(request));

  // A body that is not JSON is refused before any handler runs, so every call that reads a body
  // can take it (GET reads none). Another content type only where the call has a body to refuse.
  if (endpoint.method !== "GET") {
    cases.push(request("body is not JSON", { payload: '{"a":' }));
  }
  if (endpoint.body || endpoint.multipart) {
    cases.push(request("body is JSON text of a NUL", { payload: '"\\u0000"' }));
    cases.push(request("body is an array", { payload: "[]" }));
    cases.push(request("body is a number", { payload: "9007199254740991" }));
    cases.push(request("text/plain body", { payload: "hello" }, { "content-type": "text/plain" }));
    cases.push(request("form body", { payload: "a=b" }, { "content-type": "application/x-www-form-urlencoded" }));
    cases.push(request("no content type", { payload: validPayload ?? "{}" }, { "content-type": "" }));
  }
  if (endpoint.auth) {
    cases.push(request("a token that is no session", { payload: validPayload }, { "auth-token": "x".repeat(4096) }));
  }
  // The guest calls signed by a guest's token (not opening or joining a link, which take the link).
  if (endpoint.guest && endpoint.errors?.includes("UNAUTHENTICATED")) {
    const notAGuest = `atg_${"x".repeat(4096)}`;
    cases.push(request("a guest token that is no guest's", { payload: validPayload }, { "guest-token": notAGuest }));
  }
  return cases;
}

/** Multipart bodies cut short or missing their file: each refused, nothing stored. */
function multipartCases(
  request: (label: string, input: { payload?: string | Buffer }, headers?: Record<string, string>) => Case,
): Case[] {
  const boundary = "----walkboundary";
  const type = { "content-type": `multipart/form-data; boundary=${boundary}` };
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`;
  const bodies: Array<[string, string]> = [
    ["multipart cut inside the file", `${head}some bytes of the fi`],
    ["multipart cut inside the part headers", `--${boundary}\r\nContent-Disposition: form-da`],
    ["multipart cut after the part headers", head],
    ["multipart without a file part", `${field}--${boundary}--\r\n`],
    ["multipart cut after a field", field],
    ["multipart with an empty body", ""],
    ["multipart of another boundary", `--other\r\n${head.slice(boundary.length + 4)}x\r\n--other--\r\n`],
    ["multipart file in another field", `${head.replace('name="file"', 'name="other"')}bytes\r\n--${boundary}--\r\n`],
    ["multipart with a NUL file name", `${head.replace("a.txt", "a\u0000b.txt")}bytes\r\n--${boundary}--\r\n`],
  ];
  return [
    ...bodies.map(([label, payload]) => request(label, { payload: Buffer.from(payload) }, type)),
    request("multipart without a boundary", { payload: Buffer.from(head) }, { "content-type": "multipart/form-data" }),
  ];
}

function urlOf(endpoint: Endpoint, params: Record<string, string>, query: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, one);
  }
  const text = search.toString();
  return buildPath(endpoint.path, params) + (text ? `?${text}` : "");
}

/** A valid value of params or query as the texts a URL carries. */
function textsOf(value: Json): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([name, field]) => [name, String(field)]),
  );
}

function label(wrong: WrongValue): string {
  return `${wrong.kind} ${describe(JSON.stringify(wrong.value))}`;
}

function describe(text: string): string {
  const shown = text.length > 60 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
  return JSON.stringify(shown);
}

// ------------------------------------------------------------------------------------ sending

interface Answer {
  item: Case;
  status: number;
  body: string;
}

async function sendAll(cases: Case[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let start = 0; start < cases.length; start += IN_FLIGHT) {
    const batch = cases.slice(start, start + IN_FLIGHT);
    answers.push(...(await Promise.all(batch.map(send))));
  }
  return answers;
}

async function send(item: Case): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${item.method} ${item.url.slice(0, 200)} (${item.label}) hung`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  try {
    const response = await Promise.race([
      world.t.app.inject({
        method: item.method as "GET",
        url: item.url,
        headers: item.headers,
        ...(item.payload === undefined ? {} : { payload: item.payload }),
      }),
      timeout,
    ]);
    return { item, status: response.statusCode, body: response.body };
  } finally {
    clearTimeout(timer);
  }
}
