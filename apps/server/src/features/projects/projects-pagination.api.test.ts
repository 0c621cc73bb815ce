import { contract, type EndpointInput, type ProjectListItem, type ProjectNameItem } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../test/api-client.ts";
import { type BuiltUser, buildUser } from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

/** Keyset pagination of the project lists: 45 projects page as 20 + 20 + 5, without repeats or gaps. */

let t: TestApp;
let customer: BuiltUser;
let stranger: BuiltUser;
let admin: BuiltUser;
const created: Array<{ id: string; name: string }> = [];

async function createProject(owner: BuiltUser, name: string): Promise<{ id: string; name: string }> {
  const res = await t.api(contract.projects.create, { token: owner.token, body: { name } });
  expect(res.status).toBe(200);
  return { id: res.body.id, name: res.body.name };
}

// Created in a scrambled order with mixed case, so name order differs from creation order.
const nameOf = (n: number) => `${n % 2 ? "Brand" : "brand"} ${String(n).padStart(2, "0")}`;

beforeAll(async () => {
  t = await createTestApp();
  customer = await buildUser(t, { role: "customer" });
  stranger = await buildUser(t, { role: "customer" });
  admin = await buildUser(t, { role: "admin" });
  for (let i = 0; i < 45; i++) created.push(await createProject(customer, nameOf((i * 17) % 45)));
  await createProject(stranger, "Someone else's project");
});
afterAll(async () => {
  await t.close();
});

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** One page of a list, from its first page (cursor null) on. */
type PageLoader<T> = (cursor: string | null) => Promise<ApiResponse<Page<T>>>;

const list =
  (token: string, query: EndpointInput<typeof contract.projects.list>["query"] = {}): PageLoader<ProjectListItem> =>
  (cursor) =>
    t.api(contract.projects.list, { token, query: { ...query, ...(cursor ? { cursor } : {}) } });

const listNames =
  (token: string): PageLoader<ProjectNameItem> =>
  (cursor) =>
    t.api(contract.projects.listNames, { token, query: cursor ? { cursor } : {} });

async function fetchPage<T>(load: PageLoader<T>, cursor: string | null): Promise<Page<T>> {
  const res = await load(cursor);
  expect(res.status, res.status === 200 ? undefined : res.error.message).toBe(200);
  return res.body;
}

/** Follows nextCursor to the end, running `between` before each further page. */
async function fetchAll<T>(load: PageLoader<T>, between: () => Promise<void> = async () => {}) {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    if (pages.length > 0) await between();
    const page: Page<T> = await fetchPage(load, cursor);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 10);
  return pages;
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe("GET /v3/project/list", () => {
  it("pages 45 projects newest first as 20 + 20 + 5, each exactly once", async () => {
    const pages = await fetchAll(list(customer.token));
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    const all = pages.flat();
    expect(new Set(ids(all)).size).toBe(45);
    expect(ids(all)).toEqual(ids([...created].reverse()));
    const times = all.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("keeps its place while projects are created between page requests", async () => {
    let extra = 0;
    const pages = await fetchAll(list(customer.token), async () => {
      await createProject(customer, `Created while paging ${++extra}`);
    });
    expect(pages.map((page) => page.length)).toEqual([20, 20, 5]);
    const seen = ids(pages.flat());
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(ids(created)));
  });

  it("sorts by name A→Z ignoring case, 20 + 20 + 5", async () => {
    const pages = await fetchAll(list(customer.token, { sort: "name" }));
    const names = pages.flat().filter((item) => item.name.toLowerCase().startsWith("brand"));
    expect(pages.slice(0, 2).map((page) => page.length)).toEqual([20, 20]);
    expect(names.map((item) => item.name)).toEqual(Array.from({ length: 45 }, (_, n) => nameOf(n)));
  });

  it("by name keeps every project once while others are added between pages", async () => {
    let extra = 0;
    const pages = await fetchAll(list(customer.token, { sort: "name" }), async () => {
      await createProject(customer, `aaa added ${++extra}`);
      await createProject(customer, `zzz added ${extra}`);
    });
    const seen = ids(pages.flat());
    expect(new Set(seen).size).toBe(seen.length);
    for (const project of created) expect(seen).toContain(project.id);
  });

  it("filters by state: archived projects leave the default list and form their own", async () => {
    const toArchive = created.slice(0, 7);
    for (const project of toArchive) {
      const res = await t.api(contract.projects.changeState, {
        token: customer.token,
        body: { id: project.id, state: "archived" },
      });
      expect(res.status).toBe(200);
      expect(res.body.state).toBe("archived");
    }
    const archived = (await fetchAll(list(customer.token, { projectState: "archived" }))).flat();
    expect(new Set(ids(archived))).toEqual(new Set(ids(toArchive)));
    expect(archived.every((item) => item.state === "archived")).toBe(true);
    const active = (await fetchAll(list(customer.token, { projectState: "inProgress" }))).flat();
    expect(active.some((item) => toArchive.some((project) => project.id === item.id))).toBe(false);

    const [restore] = toArchive;
    if (!restore) throw new Error("nothing was archived");
    const restored = await t.api(contract.projects.changeState, {
      token: customer.token,
      body: { id: restore.id, state: "inProgress" },
    });
    expect(restored.body.state).toBe("inProgress");
    const archivedAfter = (await fetchAll(list(customer.token, { projectState: "archived" })))
      .flat()
      .map((item) => item.id);
    expect(archivedAfter).toHaveLength(6);
  });

  it("shows a customer only their own projects, and staff everyone's", async () => {
    const mine = (await fetchAll(list(stranger.token))).flat();
    expect(mine.map((item) => item.name)).toEqual(["Someone else's project"]);
    const all = (await fetchAll(list(admin.token, { limit: 100 }))).flat();
    expect(all.map((item) => item.name)).toContain("Someone else's project");
    expect(all.length).toBeGreaterThan(45);
  });

  it("carries the list row fields", async () => {
    const [first] = (await fetchPage(list(stranger.token), null)).items;
    expect(first).toEqual({
      id: expect.any(String),
      name: "Someone else's project",
      state: "inProgress",
      ownerName: `${stranger.user.name} ${stranger.user.surname.charAt(0)}.`,
      taskCount: 0,
      countArchivedTasks: 0,
      team: [
        {
          id: stranger.user.id,
          name: stranger.user.name,
          surname: `${stranger.user.surname.charAt(0)}.`,
          avatarKey: null,
          userProjectRole: "owner",
        },
      ],
      createdAt: expect.any(Number),
    });
  });

  it("caps the page size and refuses a tampered cursor", async () => {
    const big = await fetchPage(list(admin.token, { limit: 1000 }), null);
    expect(big.items.length).toBeLessThanOrEqual(100);
    const forged = Buffer.from(JSON.stringify([Date.now(), "not-a-uuid"])).toString("base64url");
    const res = await t.api(contract.projects.list, { query: { cursor: forged }, token: customer.token });
    expect(res.status).toBe(400);
    expect(res.error.fields).toEqual({ cursor: "Invalid cursor" });
    const garbage = await t.api(contract.projects.list, { query: { cursor: "%%%" }, token: customer.token });
    expect(garbage.status).toBe(400);
  });
});

describe("GET /v3/project/list-names", () => {
  it("pages names A→Z in 20s, each project once", async () => {
    const pages = await fetchAll(listNames(stranger.token));
    expect(pages.flat().map((item) => item.name)).toEqual(["Someone else's project"]);

    const customerPages = await fetchAll(listNames(customer.token));
    expect(customerPages.length).toBeGreaterThanOrEqual(3);
    expect(customerPages.slice(0, -1).every((page) => page.length === 20)).toBe(true);
    const names = customerPages.flat().map((item) => item.name);
    expect(new Set(customerPages.flat().map((item) => item.id)).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    for (const project of created) expect(names).toContain(project.name);
  });
});
