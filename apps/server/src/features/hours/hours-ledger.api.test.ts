import { contract, monthStartUtc, type Project } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCast, buildTeamProject, type Cast, setStatusAs } from "../../../test/builders.ts";
import { approvedTask, designerOn, overviewOf, taskInReview, workLogOf } from "../../../test/hours-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { designerPayments, projects, workLog } from "../../db/schema/index.ts";
import { hoursPersonalData } from "./personal-data.ts";

/**
 * DESIGN §3's arithmetic over the real API: approval logs hours once at the rate then, reopening
 * and approving again replaces, payments lower the debt, months are UTC calendar months.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast, { name: "Ledger project" });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("approval logs hours", () => {
  it("logs the estimate once for the designer at their rate; approving again changes nothing", async () => {
    const designer = await designerOn(t, cast, project, 2000);
    const task = await approvedTask(t, cast, project, designer, 10);
    const [current] = await workLogOf(t, designer);
    expect(current).toMatchObject({
      fromTs: monthStartUtc(Date.now()),
      amount: 10,
      perProject: { "Ledger project": 10 },
    });
    expect(await overviewOf(t, cast, designer)).toMatchObject({ hoursThisMonth: 10, debtMoney: 200, openTasks: 0 });

    const again = await t.api(contract.tasks.updateStatus, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: task.id, taskStatus: "approved" },
    });
    expect(again.status).toBe(412);
    expect((await workLogOf(t, designer))[0]?.amount).toBe(10);
    expect((await overviewOf(t, cast, designer)).debtMoney).toBe(200);
  });

  it("reopening and approving again replaces the entry (new estimate, one entry)", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    const task = await approvedTask(t, cast, project, designer, 8);
    await setStatusAs(t, cast.owner, task, "inProgress");
    const revised = await t.api(contract.tasks.updateEstimates, {
      token: designer.token,
      body: { projectId: project.id, taskId: task.id, estimatedTimeOfCompletion: 12, estimatedWork: 5 },
    });
    expect(revised.status).toBe(200);
    await setStatusAs(t, designer, task, "review");
    await setStatusAs(t, cast.admin, task, "approved");
    expect((await workLogOf(t, designer))[0]?.amount).toBe(5);
    expect((await overviewOf(t, cast, designer)).debtMoney).toBe(50);
    const rows = await t.ctx.db.select().from(workLog).where(eq(workLog.taskId, task.id));
    expect(rows).toHaveLength(1);
  });

  it("keeps the old rate on past entries when the rate changes", async () => {
    const designer = await designerOn(t, cast, project, 2000);
    await approvedTask(t, cast, project, designer, 5);
    const saved = await t.api(contract.users.save, {
      token: cast.admin.token,
      body: {
        id: designer.user.id,
        name: designer.user.name,
        surname: designer.user.surname,
        email: designer.user.email,
        hourRate: 30,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.debtMoney).toBe(100);
    await approvedTask(t, cast, project, designer, 2);
    expect((await overviewOf(t, cast, designer)).debtMoney).toBe(160);
  });

  it("logs entries on either side of a month boundary in their own UTC month", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    const first = await taskInReview(t, cast, project, designer, 3);
    const second = await taskInReview(t, cast, project, designer, 4);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-31T23:59:59.999Z"));
    await setStatusAs(t, cast.owner, first, "approved");
    vi.setSystemTime(new Date("2026-02-01T00:00:00.000Z"));
    await setStatusAs(t, cast.owner, second, "approved");
    vi.useRealTimers();
    const items = await workLogOf(t, designer);
    const january = items.find((item) => item.fromTs === Date.UTC(2026, 0, 1));
    const february = items.find((item) => item.fromTs === Date.UTC(2026, 1, 1));
    expect(january).toMatchObject({ amount: 3, toTs: Date.UTC(2026, 1, 1) });
    expect(february).toMatchObject({ amount: 4, toTs: Date.UTC(2026, 2, 1) });
    // Every month up to the current one is listed, newest first; the empty ones with 0 hours.
    expect(items[0]?.fromTs).toBe(monthStartUtc(Date.now()));
    expect(items.at(-1)).toBe(january);
    expect(items.filter((item) => item.amount === 0).length).toBe(items.length - 2);
  });
});

describe("payments", () => {
  it("lower debtMoney and are listed newest first", async () => {
    const designer = await designerOn(t, cast, project, 2000);
    await approvedTask(t, cast, project, designer, 10);
    const first = await t.api(contract.hours.recordPayment, {
      token: cast.admin.token,
      body: { userId: designer.user.id, amount: 50.25, date: Date.UTC(2026, 10, 1), note: "November advance" },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ debtMoney: 149.75, payment: { amount: 50.25, note: "November advance" } });
    const second = await t.api(contract.hours.recordPayment, {
      token: cast.admin.token,
      body: { userId: designer.user.id, amount: 100, date: Date.UTC(2026, 10, 20) },
    });
    expect(second.body.debtMoney).toBe(49.75);
    expect((await overviewOf(t, cast, designer)).debtMoney).toBe(49.75);
    const history = await t.api(contract.hours.listPayments, {
      params: { id: designer.user.id },
      query: { limit: 1 },
      token: cast.admin.token,
    });
    expect(history.body.items.map((item) => item.amount)).toEqual([100]);
    const rest = await t.api(contract.hours.listPayments, {
      params: { id: designer.user.id },
      query: { limit: 1, cursor: history.body.nextCursor ?? "" },
      token: designer.token,
    });
    expect(rest.body).toMatchObject({ items: [{ amount: 50.25 }], nextCursor: null });
  });
});

describe("the allowance ledger", () => {
  const future = () => Math.floor(Date.now() / 1000) + 20 * 86400;

  it("counts plan hours, approved, in progress and what remains, with the last months", async () => {
    const planned = await buildTeamProject(t, cast, { name: "Planned" });
    const plan = await t.api(contract.billing.manualSetup, {
      params: { id: planned.id },
      body: { paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: future() },
      token: cast.admin.token,
    });
    expect(plan.status).toBe(200);
    const designer = await designerOn(t, cast, planned, 1000);
    const reopened = await approvedTask(t, cast, planned, designer, 10);
    await taskInReview(t, cast, planned, designer, 4);
    // Reopened, its logged hours stay approved until it is approved again: counted once.
    await setStatusAs(t, cast.owner, reopened, "inProgress");
    const ledger = await t.api(contract.hours.ledger, { params: { id: planned.id }, token: cast.editor.token });
    expect(ledger.body).toMatchObject({
      paymentPlan: "PRO_MONTHLY",
      allowanceHours: 60,
      approvedHours: 10,
      inProgressHours: 4,
      remainingHours: 50,
      payAsYouGo: null,
    });
    expect(ledger.body.months).toHaveLength(6);
    expect(ledger.body.months.at(-1)).toEqual({ fromTs: monthStartUtc(Date.now()), hours: 10 });
    // The billing balance spends the same approved hours, and only this project's.
    const billing = await t.api(contract.billing.summary, { params: { id: planned.id }, token: cast.owner.token });
    expect(billing.body.costs).toMatchObject({ hoursPerMonth: 60, topUpHours: 0, balanceHours: 50 });
  });

  it("accrues approved hours × $80 on pay-as-you-go", async () => {
    const flexible = await buildTeamProject(t, cast, { name: "Flexible" });
    // Pay-as-you-go comes from a Stripe checkout (billing's tests); here the plan is set on the row.
    await t.ctx.db.update(projects).set({ paymentPlan: "PAY_AS_YOU_GO" }).where(eq(projects.id, flexible.id));
    const designer = await designerOn(t, cast, flexible, 1000);
    await approvedTask(t, cast, flexible, designer, 3);
    const ledger = await t.api(contract.hours.ledger, { params: { id: flexible.id }, token: cast.owner.token });
    expect(ledger.body).toMatchObject({
      allowanceHours: null,
      remainingHours: null,
      approvedHours: 3,
      payAsYouGo: { centsPerHour: 8000, accruedCents: 24000 },
    });
  });
});

describe("bad input records nothing", () => {
  const countPayments = async () => (await t.ctx.db.select().from(designerPayments)).length;

  it.each([
    ["a negative amount", { amount: -5 }],
    ["a zero amount", { amount: 0 }],
    ["a non-numeric amount", { amount: "ten" }],
    ["more than two decimals", { amount: 1.234 }],
    ["no date", { date: undefined }],
  ])("refuses %s with 400", async (_, change) => {
    const designer = await designerOn(t, cast, project, 1000);
    const before = await countPayments();
    const response = await t.raw(contract.hours.recordPayment, {
      token: cast.admin.token,
      body: { userId: designer.user.id, amount: 10, date: Date.now(), ...change },
    });
    expect(response.status).toBe(400);
    expect(await countPayments()).toBe(before);
  });

  it("refuses a payment to a customer or an admin with 400 on userId, an unknown user with 404", async () => {
    const before = await countPayments();
    for (const payee of [cast.owner, cast.admin]) {
      const response = await t.api(contract.hours.recordPayment, {
        token: cast.admin.token,
        body: { userId: payee.user.id, amount: 10, date: Date.now() },
      });
      expect(response.status).toBe(400);
      expect(response.error.fields?.userId).toBeDefined();
    }
    const unknown = await t.api(contract.hours.recordPayment, {
      token: cast.admin.token,
      body: { userId: "00000000-0000-4000-8000-000000000000", amount: 10, date: Date.now() },
    });
    expect(unknown.status).toBe(404);
    expect(await countPayments()).toBe(before);
  });

  it("refuses a schedule range that is backwards or too long", async () => {
    const from = Date.now();
    for (const to of [from - 1, from + 43 * 86_400_000]) {
      const response = await t.api(contract.hours.schedule, { query: { from, to }, token: cast.admin.token });
      expect(response.status).toBe(400);
    }
  });
});

describe("personal data", () => {
  it("exports a designer's entries and payments; removal keeps the numbers and blanks the notes", async () => {
    const designer = await designerOn(t, cast, project, 1500);
    await approvedTask(t, cast, project, designer, 4);
    const paid = await t.api(contract.hours.recordPayment, {
      token: cast.admin.token,
      body: { userId: designer.user.id, amount: 20, date: Date.UTC(2026, 10, 2), note: "Advance, IBAN on file" },
    });
    expect(paid.status).toBe(200);
    const subject = { id: designer.user.id, email: designer.user.email, role: designer.user.role };
    const exported = await hoursPersonalData.export(t.ctx.db, subject);
    expect(exported.records).toMatchObject({
      workLog: [{ projectName: "Ledger project", hours: 4, hourRateCents: 1500, amountCents: 6000 }],
      paymentsReceived: [{ amountCents: 2000, note: "Advance, IBAN on file" }],
    });
    await t.ctx.db.transaction((tx) => hoursPersonalData.erase(tx, subject, { jobs: t.ctx.jobs, emit: () => {} }));
    const after = await hoursPersonalData.export(t.ctx.db, subject);
    expect(after.records).toMatchObject({
      workLog: [{ hours: 4 }],
      paymentsReceived: [{ amountCents: 2000, note: "" }],
    });
  });
});

describe("designer overview", () => {
  it("pages through every designer, newest first, without a repeat or a gap", async () => {
    const made = [
      await designerOn(t, cast, project, 1000),
      await designerOn(t, cast, project, 1100),
      await designerOn(t, cast, project, 1200),
    ];
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await t.api(contract.hours.designerOverview, {
        query: { limit: 2, ...(cursor ? { cursor } : {}) },
        token: cast.admin.token,
      });
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((item) => item.id));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // Newest first: the three made last lead, the latest on top.
    expect(seen.slice(0, 3)).toEqual(made.map((designer) => designer.user.id).reverse());
    expect(seen).toContain(cast.designerOnTeam.user.id);
  });
});
