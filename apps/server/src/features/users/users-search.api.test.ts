import { contract, type EndpointInput, USER_SEARCH_MAX } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildOnePerRole, buildUser } from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { userSearchText, users } from "../../db/schema/index.ts";

/** Issue 29 point 19: the Users and Designers lists and the account pickers search on the server. */

let t: TestApp;
let admin: BuiltUser;
let pm: BuiltUser;
let designer: BuiltUser;
let customer: BuiltUser;
const stamp = Date.now();
const mail = (label: string) => `${label}-${stamp}@search.test`;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, pm, designer, customer } = await buildOnePerRole(t));
  await buildUser(t, { role: "designer", name: "Zelda", surname: "Quarry", email: mail("zq") });
  await buildUser(t, { role: "designer", name: "Zeno", surname: "Quill", email: mail("zeno") });
  await buildUser(t, { role: "customer", name: "Zora", surname: "Quarry", email: mail("zora") });
  await buildUser(t, { role: "designer", name: "Per%cent", surname: "Under_score", email: mail("odd") });
  for (let i = 0; i < 5; i++) {
    await buildUser(t, { role: "designer", name: `Paged${i}`, surname: "Pagewalker", email: mail(`paged${i}`) });
  }
});
afterAll(async () => {
  await t.close();
});

type ListQuery = EndpointInput<typeof contract.users.list>["query"];
const list = (token: string, query: ListQuery = {}) => t.api(contract.users.list, { token, query });
const emails = (res: Awaited<ReturnType<typeof list>>) => res.body.items.map((user) => user.email);

describe("GET /user/list ?q", () => {
  it("matches name, surname and e-mail, case-insensitive and trimmed, every word in any order", async () => {
    expect(emails(await list(admin.token, { q: "  zelda  " }))).toEqual([mail("zq")]);
    expect(emails(await list(admin.token, { q: "QUARRY" })).sort()).toEqual([mail("zq"), mail("zora")].sort());
    expect(emails(await list(admin.token, { q: "quarry zel" }))).toEqual([mail("zq")]);
    expect(emails(await list(admin.token, { q: `zeno-${stamp}@SEARCH` }))).toEqual([mail("zeno")]);
    expect(emails(await list(admin.token, { q: "nobody-has-this" }))).toEqual([]);
  });

  it("narrows the designers list by role", async () => {
    const res = await list(pm.token, { role: "designer", q: "quarry" });
    expect(res.status).toBe(200);
    expect(emails(res)).toEqual([mail("zq")]);
  });

  it("takes % and _ as letters, not wildcards", async () => {
    expect(emails(await list(admin.token, { q: "per%c" }))).toEqual([mail("odd")]);
    expect(emails(await list(admin.token, { q: "r_s" }))).toEqual([mail("odd")]);
    expect(emails(await list(admin.token, { q: "%" }))).toEqual([mail("odd")]);
  });

  it("pages through the matches, newest first, without repeats or gaps", async () => {
    const seen: { email: string; createdAt: number }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      pages += 1;
      const res = await list(admin.token, { q: "pagewalker", limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((user) => user.email).sort()).toEqual([0, 1, 2, 3, 4].map((i) => mail(`paged${i}`)).sort());
    const times = seen.map((user) => user.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("a blank q lists everyone", async () => {
    const res = await list(admin.token, { q: "   ", limit: 100 });
    expect(res.body.items.map((user) => user.id)).toEqual(
      expect.arrayContaining([admin.user.id, pm.user.id, designer.user.id, customer.user.id]),
    );
  });

  it("refuses a search longer than the limit (400 on q)", async () => {
    const res = await t.raw({
      method: "GET",
      url: `/user/list?q=${"a".repeat(USER_SEARCH_MAX + 1)}`,
      token: admin.token,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.fields ?? {})).toEqual(["q"]);
  });

  it("answers 403 to a designer and a customer searching, 401 without a token", async () => {
    expect((await list(designer.token, { q: "quarry" })).status).toBe(403);
    expect((await list(customer.token, { q: "quarry" })).status).toBe(403);
    expect((await t.api(contract.users.list, { query: { q: "quarry" } })).status).toBe(401);
  });

  it("can be answered from the trigram index", async () => {
    // A handful of rows is read faster in full: turning sequential scans off shows the index serves the search.
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from ${users} where ${userSearchText(users)} ilike ${"%quarry%"}`);
    });
    expect(JSON.stringify(plan)).toContain("users_search_trgm_idx");
  });
});

describe("GET /profile/listCustomers ?search (the customer picker)", () => {
  it("matches a customer's name and surname words and leaves other roles out", async () => {
    const res = await t.api(contract.profile.listCustomers, { token: pm.token, query: { search: "quarry zo" } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((item) => item.email)).toEqual([mail("zora")]);
  });
});
