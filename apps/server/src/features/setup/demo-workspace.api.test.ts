import { contract } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn } from "../../../test/builders.ts";
import { watchData } from "../../../test/data-fingerprint.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { prepareEmptyDatabase, type StartupNotice } from "./index.ts";

// One full demo for the file (it is the slow part); each test reads it through the calls the
// landing screens make, as the person who lands there.
const PASSWORD = "demo-password-1";
const DAY_MS = 86_400_000;

let t: TestApp;
let notice: StartupNotice;
beforeAll(async () => {
  t = await createTestApp({ DEMO: "1" });
  notice = await prepareEmptyDatabase(t.ctx, null, { demo: true, demoPassword: PASSWORD, workspace: t.app });
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function signIn(email: string): Promise<string> {
  const login = await t.api(contract.auth.login, { body: { email, password: preHash(PASSWORD) } });
  return signedIn(login.body).token;
}

describe("demo workspace (issue 26)", () => {
  it("prints what it made and every login, the extra people and the signed-up customers included", () => {
    if (notice.kind !== "demo") throw new Error(`expected the demo, got ${notice.kind}`);
    expect(notice.emails).toEqual(
      expect.arrayContaining([
        "admin@atelier.test",
        "pm@atelier.test",
        "designer@atelier.test",
        "customer@atelier.test",
        "designer2@atelier.test",
        "editor@atelier.test",
        "viewer@atelier.test",
      ]),
    );
    expect(notice.made.join("\n")).toMatch(/3 projects .* 25 tasks/);
  });

  it("gives the project manager open tasks across statuses, some overdue, and unread messages", async () => {
    const token = await signIn("pm@atelier.test");
    const counts = (await t.api(contract.tasks.dashboardCounts, { token, query: {} })).body;
    expect(counts).toMatchObject({ todo: expect.any(Number), inProgress: expect.any(Number) });
    for (const status of ["todo", "inProgress", "review", "approved"] as const)
      expect(counts[status]).toBeGreaterThan(0);
    const overdue = await t.api(contract.tasks.dashboard, { token, query: { deadlineBefore: Date.now() - DAY_MS } });
    expect(overdue.body.items.length).toBeGreaterThan(0);
    expect((await t.api(contract.messages.unreadCount, { token })).body.count).toBeGreaterThan(0);
  });

  it("lands the customer on their projects with a plan, notes and a custom order", async () => {
    const token = await signIn("customer@atelier.test");
    const projects = (await t.api(contract.projects.list, { token })).body.items;
    expect(projects.map((project) => project.name)).toContain("Brand refresh");
    const brand = projects.find((project) => project.name === "Brand refresh");
    if (!brand) throw new Error("no Brand refresh");
    const detail = (await t.api(contract.projects.get, { token, params: { id: brand.id } })).body;
    expect(detail.customerPaymentPlan).toBe("PRO_MONTHLY");
    // Client notes are the staff's: the project manager reads them.
    const staffView = await t.api(contract.projects.get, {
      token: await signIn("pm@atelier.test"),
      params: { id: brand.id },
    });
    expect(staffView.body.clientCharacterNotes).toContain("weekly updates");
    const ledger = (await t.api(contract.hours.ledger, { token, params: { id: brand.id } })).body;
    expect(JSON.stringify(ledger)).toMatch(/"approved(Hours)?":[1-9]/);
    const custom = (await t.api(contract.tasks.list, { token, params: { id: brand.id }, query: { sort: "custom" } }))
      .body;
    expect(custom.items.slice(0, 2).map((task) => task.title)).toEqual([
      "Trade show banner",
      "Homepage hero illustration",
    ]);
    const announcements = (await t.api(contract.platformNotifications.init, { token })).body;
    expect(announcements.items.length).toBe(1);
  });

  it("fills the designer's schedule and shows a second version, pins and a resolved comment in review", async () => {
    const token = await signIn("designer@atelier.test");
    const now = Date.now();
    const schedule = await t.api(contract.hours.schedule, {
      token,
      query: { from: now - 7 * DAY_MS, to: now + 28 * DAY_MS },
    });
    expect(JSON.stringify(schedule.body)).toContain("Trade show banner");
    const review = await t.api(contract.tasks.dashboard, { token, query: { status: "review" } });
    const hero = review.body.items.find((task) => task.title === "Homepage hero illustration");
    if (!hero) throw new Error("no hero task in review");
    const designs = (await t.api(contract.designs.get, { token, params: { id: hero.projectId, taskId: hero.id } }))
      .body;
    const file = designs.designerFileList[0];
    expect(file?.version).toBe(2);
    expect(file?.previousVersions.length).toBe(1);
    const threads = JSON.stringify(designs);
    expect(threads).toContain('"type":"rect"');
    expect(threads).toContain('"activeComment":false');
    expect((await t.api(contract.messages.unreadCount, { token })).body.count).toBeGreaterThan(0);
    const log = (await t.api(contract.hours.workLogMonthly, { token, query: {} })).body;
    expect(log.items.some((period) => period.amount > 0)).toBe(true);
  });

  it("shows the admin the people, an open bank transfer to confirm (an unread message) and the designer's debt", async () => {
    const token = await signIn("admin@atelier.test");
    const users = (await t.api(contract.users.list, { token, query: {} })).body.items;
    expect(users.length).toBeGreaterThanOrEqual(9);
    const designer = users.find((user) => user.email === "designer@atelier.test");
    expect(designer?.avatarKey).toBeTruthy();
    expect(designer?.debtMoney).toBeGreaterThan(0);
    const orders = (await t.api(contract.billing.listOrders, { token, query: {} })).body.items;
    expect(orders.map((order) => [order.method, order.status])).toEqual([["BANK_TRANSFER", "OPEN"]]);
    // The admin is on no team: their message is the order waiting for them; the announcement shows.
    const feed = (await t.api(contract.messages.feed, { token, query: {} })).body.items;
    expect(feed.map((message) => [message.type, message.link, message.seen])).toEqual([
      ["paymentOrder", "/payments", false],
    ]);
    expect((await t.api(contract.messages.unreadCount, { token })).body.count).toBe(1);
    expect((await t.api(contract.platformNotifications.init, { token })).body.items.length).toBe(1);
  });

  it("changes nothing when the demo is asked for again on a database with users", async () => {
    const watch = await watchData(t, ["sessions.last_seen_at"]);
    expect(await prepareEmptyDatabase(t.ctx, null, { demo: true, demoPassword: PASSWORD, workspace: t.app })).toEqual({
      kind: "ready",
    });
    expect(await watch.changes()).toEqual([]);
  });
});
