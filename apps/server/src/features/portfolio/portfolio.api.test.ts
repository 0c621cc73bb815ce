import { contract } from "@atelier/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/builders.ts";
import { startPortfolioStandIn } from "../../../test/portfolio-stand-in.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { portfolioAccounts } from "../../db/schema/index.ts";

// Long enough for the local stand-in to answer on a busy 2-core machine; the hanging case waits it out.
const TIMEOUT_MS = 1500;
let t: TestApp;
let service: Awaited<ReturnType<typeof startPortfolioStandIn>>;
let admin: BuiltUser;

beforeAll(async () => {
  service = await startPortfolioStandIn();
  t = await createTestApp({ PORTFOLIO_API_URL: service.url, PORTFOLIO_TIMEOUT_MS: String(TIMEOUT_MS) });
  admin = await buildUser(t, { role: "admin" });
});
// A failed assertion must not leave the log spy behind for the next case to count.
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
  await service.close();
});

const connect = (person: BuiltUser, accessToken: string) =>
  t.api(contract.portfolio.connect, { token: person.token, body: { accessToken } });
const shots = (designer: BuiltUser, viewer: BuiltUser = admin) =>
  t.api(contract.portfolio.shots, { params: { id: designer.user.id }, token: viewer.token });

describe("portfolio", () => {
  it("stores the access token encrypted and shows the designer's shots, fetched without our Auth-Token", async () => {
    service.setMode("shots");
    const designer = await buildUser(t, { role: "designer" });
    expect((await shots(designer)).body).toEqual({ items: [] });
    const connected = await connect(designer, "dribbble-token-123456");
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({ connected: true, connectedAt: expect.any(Number) });
    const stored = await t.ctx.db.select().from(portfolioAccounts);
    expect(JSON.stringify(stored)).not.toContain("dribbble-token-123456");

    const res = await shots(designer);
    expect(res.body.items).toEqual([
      { image: `${service.url}/img/1.png`, title: "Shot 1", link: `${service.url}/shots/1` },
      { image: `${service.url}/img/2.png`, title: "Shot 2", link: `${service.url}/shots/2` },
    ]);
    const sent = service.requests.at(-1);
    expect(sent?.url).toMatch(/^\/user\/shots/);
    expect(sent?.headers.authorization).toBe("Bearer dribbble-token-123456");
    expect(sent?.headers["auth-token"]).toBeUndefined();

    // Cached: a second look does not call the service again.
    const calls = service.requests.length;
    await shots(designer, designer);
    expect(service.requests.length).toBe(calls);
  });

  // Why each failure was logged: a hanging service is cut off by the configured timeout (without
  // it the call would never answer and the case would fail on the test's own timeout).
  const reasons = {
    garbage: /^answered (something that is not JSON|JSON of an unexpected shape)$/,
    error: /^answered \d{3}$/,
    hang: new RegExp(`^no answer within ${TIMEOUT_MS} ms$`),
  };

  it.each(["garbage", "error", "hang"] as const)(
    "answers an empty list when the service answers %s, and logs why once",
    async (mode) => {
      service.setMode(mode);
      const designer = await buildUser(t, { role: "designer" });
      await connect(designer, "some-valid-token");
      const warn = vi.spyOn(t.ctx.log, "warn");
      const res = await shots(designer);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ items: [] });
      // Looking again soon neither asks the failing service again nor logs again.
      const calls = service.requests.length;
      expect((await shots(designer)).body).toEqual({ items: [] });
      expect(service.requests.length).toBe(calls);
      const portfolioWarnings = warn.mock.calls.filter((call) => String(call[1]).includes("portfolio"));
      expect(portfolioWarnings).toHaveLength(1);
      const logged = portfolioWarnings[0]?.[0] as { reason?: string } | undefined;
      expect(logged?.reason).toMatch(reasons[mode]);
    },
  );

  it("is for designers: others cannot connect, and their shots are empty", async () => {
    const customer = await buildUser(t, { role: "customer" });
    const res = await connect(customer, "a-customer-token");
    expect(res.status).toBe(403);
    expect(res.error.message).toBe("Only designers connect a portfolio");
    expect((await shots(customer)).body).toEqual({ items: [] });
  });

  it("disconnects, after which no shots are fetched", async () => {
    service.setMode("shots");
    const designer = await buildUser(t, { role: "designer" });
    await connect(designer, "token-to-forget");
    expect((await shots(designer)).body.items).toHaveLength(2);
    const off = await t.api(contract.portfolio.disconnect, { token: designer.token });
    expect(off.body).toEqual({ connected: false, connectedAt: null });
    expect((await shots(designer)).body).toEqual({ items: [] });
  });
});
