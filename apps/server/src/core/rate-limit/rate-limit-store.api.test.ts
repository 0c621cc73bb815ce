import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { createDatabaseCounter } from "./repo.ts";
import { counterStore } from "./store.ts";

// The database counter and the @fastify/rate-limit store over it, on the test database (PGlite,
// or PostgreSQL in the PostgreSQL run).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("database rate-limit counter", () => {
  it("counts hits in a window that starts at the first hit and starts again once it ended", async () => {
    const counter = createDatabaseCounter(t.ctx.db);
    const first = await counter.hit("window", { windowMs: 2000 });
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(0);
    expect(first.ttlMs).toBeLessThanOrEqual(2000);
    expect((await counter.hit("window", { windowMs: 2000 })).count).toBe(2);
    expect((await counter.read("window")).count).toBe(2);
    await sleep(2100);
    expect((await counter.read("window")).count).toBe(0);
    expect((await counter.hit("window", { windowMs: 2000 })).count).toBe(1);
  });

  it("starts a full window at the locking hit, and forgets a key it is told to clear", async () => {
    const counter = createDatabaseCounter(t.ctx.db);
    await counter.hit("lock", { windowMs: 3000, lockAt: 3 });
    await counter.hit("lock", { windowMs: 3000, lockAt: 3 });
    await sleep(2000);
    const locking = await counter.hit("lock", { windowMs: 3000, lockAt: 3 });
    expect(locking.count).toBe(3);
    expect(locking.ttlMs).toBeGreaterThan(2900);
    await sleep(1200);
    // Past the first hit's window, the lock still holds: it runs from the locking hit.
    expect((await counter.read("lock")).count).toBe(3);
    await counter.clear("lock");
    expect((await counter.read("lock")).count).toBe(0);
  });

  it("gives every concurrent hit its own count (one atomic statement each)", async () => {
    const counter = createDatabaseCounter(t.ctx.db);
    const counts = await Promise.all(Array.from({ length: 8 }, () => counter.hit("race", { windowMs: 60_000 })));
    expect(counts.map((hits) => hits.count).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("stores keys hashed and sweeps ended windows", async () => {
    const counter = createDatabaseCounter(t.ctx.db);
    await counter.hit("198.51.100.1|someone@example.test", { windowMs: 60_000 });
    const keys = await t.ctx.db.execute<{ key: string }>(sql`select key from rate_limit_counts`);
    const stored = JSON.stringify(keys);
    expect(stored).not.toContain("someone@example.test");
    expect(stored).not.toContain("198.51.100.1");

    await counter.hit("short-lived", { windowMs: 1 });
    await sleep(20);
    // A fresh counter has not swept yet: its first hit does.
    await createDatabaseCounter(t.ctx.db).hit("anything", { windowMs: 60_000 });
    const left = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from rate_limit_counts where resets_at <= now()`,
    );
    expect(JSON.stringify(left)).toContain('"n":0');
  });
});

describe("@fastify/rate-limit store over the database", () => {
  const incr = (store: InstanceType<ReturnType<typeof counterStore>>, key: string) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) => {
      store.incr(
        key,
        (error, result) => (error || !result ? reject(error ?? new Error("no result")) : resolve(result)),
        60_000,
        5,
      );
    });

  it("counts per route: a child store's keys do not meet another route's", async () => {
    const Store = counterStore(createDatabaseCounter(t.ctx.db));
    const root = new Store({});
    const route = (url: string) =>
      root.child({ routeInfo: { method: "POST", url } } as unknown as Parameters<typeof root.child>[0]);
    const login = route("/auth/login");
    const reset = route("/auth/passwordReset");
    expect((await incr(login, "203.0.113.9")).current).toBe(1);
    expect((await incr(login, "203.0.113.9")).current).toBe(2);
    const other = await incr(reset, "203.0.113.9");
    expect(other.current).toBe(1);
    expect(other.ttl).toBeGreaterThan(59_000);
    // Another store object (another instance) over the same database continues the same count.
    const again = new Store({}).child({ routeInfo: { method: "POST", url: "/auth/login" } } as unknown as Parameters<
      typeof root.child
    >[0]);
    expect((await incr(again, "203.0.113.9")).current).toBe(3);
  });
});
