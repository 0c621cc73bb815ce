import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A stand-in for Stripe at its network edge: a small HTTP server answering the Stripe API calls
 * the billing feature makes, so the official SDK runs unchanged against it (its host, port and
 * protocol settings), plus a Checkout page and a billing portal page for the browser journeys.
 * Webhooks are signed with the SDK's own `generateTestHeaderString`, with the app's secret.
 * It keeps what a test needs of Stripe's state in memory; nothing of the project is replaced.
 */
export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41234, for STRIPE_API_BASE */
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_* settings for createTestApp */
  env: Record<string, string>;
  /** every API call made, "METHOD /path" */
  calls: string[];
  /**
   * Completes a Checkout session as a paying customer would: creates the subscription (subscription
   * mode), saves the card (setup mode) or takes the payment, and answers the events Stripe would send.
   */
  completeCheckout(sessionId: string): StripeEventObject[];
  /** Changes a subscription as the billing portal or a renewal would; answers the event. */
  updateSubscription(
    subscriptionId: string,
    change: { planCode?: string; periodEnd?: number; status?: string },
  ): StripeEventObject;
  /** The body and signature header of one delivery of `event`; a wrong secret makes a bad signature. */
  sign(event: StripeEventObject, options?: { secret?: string }): { body: string; signature: string };
  /** Delivers events to `webhookUrl` in order, as Stripe would (throws on a non-2xx answer). */
  deliver(events: StripeEventObject[]): Promise<void>;
  /** the last Checkout session created */
  lastSession(): CheckoutSession | undefined;
  /** customers deleted through the API (`DELETE /v1/customers/{id}`), in order */
  deletedCustomers: string[];
  /** a customer as Stripe holds it now (undefined once deleted) */
  customer(customerId: string): Record<string, unknown> | undefined;
  /**
   * Makes Stripe's API fail as in an outage until set back to null: every API call answers this
   * status with an `api_error` (500, 503), 429 with a `rate_limit_error`, or "hang" never answers.
   */
  setOutage(outage: number | "hang" | null): void;
  close(): Promise<void>;
}

export interface StripeEventObject {
  id: string;
  object: "event";
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription" | "setup" | "payment";
  status: "open" | "complete";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  url: string;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  subscription: string | null;
  setup_intent: string | null;
  line_items: Array<{ price?: string; quantity?: string; price_data?: { unit_amount?: string } }>;
  subscription_data: { metadata?: Record<string, string> };
  amount_total: number | null;
  created: number;
}

interface Price {
  id: string;
  object: "price";
  lookup_key: string | null;
  unit_amount: number;
  currency: string;
  recurring: { interval: string } | null;
  active: true;
}

interface Subscription {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  metadata: Record<string, string>;
  created: number;
  items: {
    object: "list";
    data: Array<{ id: string; object: "subscription_item"; price: Price; current_period_end: number }>;
  };
}

const API_VERSION = "2026-10-28.endive";
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d*$/.test(path[index + 1] ?? "x");
      const slot = part === "" && Array.isArray(node) ? String(node.length) : part;
      const container = node as Record<string, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function notFound(response: ServerResponse, what: string): void {
  send(response, 404, {
    error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
  });
}

export async function startStripeStandIn(
  options: { webhookUrl?: string; port?: number; host?: string; secretKey?: string; webhookSecret?: string } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(16).toString("hex")}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString("hex")}`;
  const signer = new Stripe(secretKey);
  const calls: string[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, Price>();
  const sessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, Subscription>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const deletedCustomers: string[] = [];
  let outage: number | "hang" | null = null;
  let base = "";
  let eventClock = nowSeconds();

  function event(type: string, object: Record<string, unknown>): StripeEventObject {
    // Strictly increasing, so "newer" is well defined even within one second.
    eventClock = Math.max(eventClock + 1, nowSeconds());
    return {
      id: newId("evt"),
      object: "event",
      type,
      created: eventClock,
      api_version: API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
  }

  function priceByLookup(lookupKey: string): Price | undefined {
    return [...prices.values()].find((price) => price.lookup_key === lookupKey);
  }

  function expandSession(session: CheckoutSession, expand: string[]): Record<string, unknown> {
    const copy: Record<string, unknown> = { ...session };
    if (expand.includes("subscription") && session.subscription) {
      copy.subscription = subscriptions.get(session.subscription) ?? null;
    }
    if (expand.includes("setup_intent") && session.setup_intent) {
      copy.setup_intent = setupIntents.get(session.setup_intent) ?? null;
    }
    return copy;
  }

  function periodEndFor(price: Price, from = nowSeconds()): number {
    const date = new Date(from * 1000);
    if (price.recurring?.interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return Math.floor(date.getTime() / 1000);
  }

  function completeCheckout(sessionId: string): StripeEventObject[] {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No such session ${sessionId}`);
    session.status = "complete";
    const events: StripeEventObject[] = [];
    if (session.mode === "subscription") {
      const priceId = session.line_items[0]?.price ?? "";
      const price = prices.get(priceId);
      if (!price) throw new Error(`No such price ${priceId}`);
      const subscription: Subscription = {
        id: newId("sub"),
        object: "subscription",
        customer: session.customer ?? "",
        status: "active",
        metadata: { ...(session.subscription_data.metadata ?? {}) },
        created: nowSeconds(),
        items: {
          object: "list",
          data: [{ id: newId("si"), object: "subscription_item", price, current_period_end: periodEndFor(price) }],
        },
      };
      subscriptions.set(subscription.id, subscription);
      session.subscription = subscription.id;
      session.payment_status = "paid";
      events.push(event("customer.subscription.created", { ...subscription }));
    } else if (session.mode === "setup") {
      const intent = {
        id: newId("seti"),
        object: "setup_intent",
        status: "succeeded",
        customer: session.customer,
        payment_method: newId("pm"),
      };
      setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      session.payment_status = "no_payment_required";
    } else {
      session.payment_status = "paid";
    }
    events.push(event("checkout.session.completed", { ...session }));
    return events;
  }

  function updateSubscription(
    subscriptionId: string,
    change: { planCode?: string; periodEnd?: number; status?: string },
  ): StripeEventObject {
    const subscription = subscriptions.get(subscriptionId);
    const item = subscription?.items.data[0];
    if (!subscription || !item) throw new Error(`No such subscription ${subscriptionId}`);
    if (change.planCode) {
      const price = priceByLookup(change.planCode);
      if (!price) throw new Error(`No price for ${change.planCode}`);
      item.price = price;
    }
    if (change.periodEnd) item.current_period_end = change.periodEnd;
    if (change.status) subscription.status = change.status;
    const type = subscription.status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated";
    return event(type, structuredClone(subscription) as unknown as Record<string, unknown>);
  }

  function sign(stripeEvent: StripeEventObject, signOptions: { secret?: string } = {}) {
    const body = JSON.stringify(stripeEvent);
    const signature = signer.webhooks.generateTestHeaderString({
      payload: body,
      secret: signOptions.secret ?? webhookSecret,
    });
    return { body, signature };
  }

  async function deliver(events: StripeEventObject[]): Promise<void> {
    if (!options.webhookUrl) throw new Error("The stand-in was started without a webhook URL");
    for (const stripeEvent of events) {
      const { body, signature } = sign(stripeEvent);
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      });
      if (!response.ok) throw new Error(`Webhook ${stripeEvent.type} answered ${response.status}`);
    }
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const method = request.method ?? "GET";
    const form = parseStripeForm(
      method === "GET" || method === "DELETE" ? url.search.slice(1) : await readBody(request),
    );
    const route = `${method} ${url.pathname}`;
    calls.push(route);
    const segments = url.pathname.split("/").filter(Boolean);
    const [, resource, id] = segments;

    if (outage === "hang") return;
    if (outage !== null) {
      const type = outage === 429 ? "rate_limit_error" : "api_error";
      return send(response, outage, { error: { type, message: "Stripe is having a bad day (stand-in outage)" } });
    }
    if (method === "DELETE" && resource === "customers" && id) {
      if (!customers.has(id)) return notFound(response, `customer: '${id}'`);
      customers.delete(id);
      deletedCustomers.push(id);
      for (const subscription of subscriptions.values()) {
        if (subscription.customer === id) subscription.status = "canceled";
      }
      return send(response, 200, { id, object: "customer", deleted: true });
    }

    if (route === "POST /v1/customers" || (method === "POST" && resource === "customers" && id)) {
      const customerId = id ?? newId("cus");
      if (id && !customers.has(id)) return notFound(response, `customer: '${id}'`);
      const customer = { ...(customers.get(customerId) ?? {}), ...form, id: customerId, object: "customer" };
      customers.set(customerId, customer);
      return send(response, 200, customer);
    }
    if (route === "POST /v1/setup_intents") {
      const intent = {
        id: newId("seti"),
        object: "setup_intent",
        customer: form.customer,
        status: "requires_payment_method",
        client_secret: `${newId("seti")}_secret_${randomBytes(8).toString("hex")}`,
        payment_method: null,
      };
      setupIntents.set(intent.id, intent);
      return send(response, 200, intent);
    }
    if (route === "GET /v1/prices") {
      const keys = Object.values((form.lookup_keys as Record<string, string> | string[] | undefined) ?? {});
      const data = [...prices.values()].filter((price) => keys.includes(price.lookup_key ?? ""));
      return send(response, 200, { object: "list", data, has_more: false, url: "/v1/prices" });
    }
    if (route === "POST /v1/prices") {
      const recurring = form.recurring as { interval?: string } | undefined;
      const price: Price = {
        id: newId("price"),
        object: "price",
        lookup_key: typeof form.lookup_key === "string" ? form.lookup_key : null,
        unit_amount: Number(form.unit_amount),
        currency: String(form.currency),
        recurring: recurring?.interval ? { interval: recurring.interval } : null,
        active: true,
      };
      prices.set(price.id, price);
      return send(response, 200, price);
    }
    if (route === "POST /v1/checkout/sessions") {
      const sessionId = newId("cs");
      const session: CheckoutSession = {
        id: sessionId,
        object: "checkout.session",
        mode: form.mode as CheckoutSession["mode"],
        status: "open",
        payment_status: "unpaid",
        url: `${base}/checkout/${sessionId}`,
        customer: typeof form.customer === "string" ? form.customer : null,
        client_reference_id: typeof form.client_reference_id === "string" ? form.client_reference_id : null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        subscription: null,
        setup_intent: null,
        line_items: (form.line_items as CheckoutSession["line_items"]) ?? [],
        subscription_data: (form.subscription_data as CheckoutSession["subscription_data"]) ?? {},
        amount_total: null,
        created: nowSeconds(),
      };
      sessions.set(sessionId, session);
      return send(response, 200, session);
    }
    if (method === "GET" && resource === "checkout" && segments[2] === "sessions" && segments[3]) {
      const session = sessions.get(segments[3]);
      if (!session) return notFound(response, `checkout.session: '${segments[3]}'`);
      return send(response, 200, expandSession(session, Object.values((form.expand as string[]) ?? [])));
    }
    if (route === "POST /v1/billing_portal/sessions") {
      const portalId = newId("bps");
      return send(response, 200, {
        id: portalId,
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: `${base}/portal/${portalId}?return_url=${encodeURIComponent(String(form.return_url))}`,
      });
    }
    if (method === "DELETE" && resource === "subscriptions" && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) return notFound(response, `subscription: '${id}'`);
      subscription.status = "canceled";
      return send(response, 200, subscription);
    }
    return notFound(response, `route ${route}`);
  }

  /** The Checkout page a customer sees: one button pays, then Stripe's webhooks go out and the browser returns. */
  async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const [kind, id] = url.pathname.split("/").filter(Boolean);
    if (kind === "portal") {
      const back = url.searchParams.get("return_url") ?? "/";
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="en"><title>Billing portal</title><main><h1>Billing portal (stand-in)</h1><a href="${back}">Return to Atelier</a></main></html>`,
      );
      return;
    }
    const session = sessions.get(id ?? "");
    if (kind !== "checkout" || !session) return notFound(response, "page");
    if (request.method === "POST") {
      await deliver(completeCheckout(session.id));
      response.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      response.end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><html lang="en"><title>Checkout</title><main><h1>Checkout (stand-in)</h1>` +
        `<p>Mode: ${session.mode}</p><form method="post"><button type="submit">Pay</button></form>` +
        `<a href="${session.cancel_url}">Cancel</a></main></html>`,
    );
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const handler = url.pathname.startsWith("/v1/") ? handleApi : handlePage;
    handler(request, response, url).catch((error: unknown) => {
      send(response, 500, { error: { type: "api_error", message: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://${options.host ?? "127.0.0.1"}:${port}`;

  return {
    apiBase: base,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: base },
    calls,
    completeCheckout,
    updateSubscription,
    sign,
    deliver,
    lastSession: () => [...sessions.values()].at(-1),
    deletedCustomers,
    customer: (customerId) => customers.get(customerId),
    setOutage(next) {
      outage = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
