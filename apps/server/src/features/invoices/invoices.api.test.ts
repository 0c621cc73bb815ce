import { contract, INVOICE_MESSAGES, type Invoice, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING_ACTORS,
  type BillingActor,
  type BillingScene,
  startBillingScene,
} from "../../../test/billing-scene.ts";
import { buildBilledProject, buildRates } from "../../../test/builders.ts";
import { pdfText as extractPdfText } from "../../../test/pdf-text.ts";
import { withTransaction } from "../../core/transaction.ts";
import { issuePaymentInvoice } from "./index.ts";

/**
 * Invoices (issue 24 part 3) over the real API: a confirmed bank transfer issues a numbered
 * invoice whose PDF reads back with the number, buyer and total; the permission table of every
 * new call; credit notes; gapless numbering under a rolled-back payment and concurrent confirmations.
 */

let scene: BillingScene;
let project: Project;
let first: Invoice;
let settingsBeforeSaving: unknown;
const year = new Date().getUTCFullYear();

const SETTINGS = {
  legalName: "Atelier Studio GmbH",
  address: "Friedrichstrasse 1, 10117 Berlin",
  country: "DE",
  vatId: "DE123456789",
  vatRates: { DE: 1900, FR: 2000 },
};

async function confirmedOrder(target: Project, plan: "PRO_MONTHLY" | "PRO_YEARLY" = "PRO_MONTHLY") {
  const order = await scene.t.api(contract.billing.createOrder, {
    params: { id: target.id },
    body: { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: plan },
    token: scene.cast.owner.token,
  });
  return order.body;
}

function confirm(orderId: string) {
  return scene.t.api(contract.billing.confirmOrder, { params: { orderId }, token: scene.cast.admin.token });
}

async function projectInvoices(target: Project, token = scene.cast.owner.token): Promise<Invoice[]> {
  return (await scene.t.api(contract.invoices.listProject, { params: { id: target.id }, token })).body.items;
}

/** The PDF's bytes (inject's `body` is text, which would corrupt them). */
async function downloadPdf(invoiceId: string, token: string) {
  const response = await scene.t.app.inject({
    method: "GET",
    url: `/v3/invoices/${invoiceId}/pdf`,
    headers: { "auth-token": token },
  });
  return { status: response.statusCode, headers: response.headers, bytes: new Uint8Array(response.rawPayload) };
}

async function pdfText(invoiceId: string): Promise<string> {
  const pdf = await downloadPdf(invoiceId, scene.cast.owner.token);
  expect(pdf.status).toBe(200);
  return extractPdfText(pdf.bytes);
}

beforeAll(async () => {
  scene = await startBillingScene({ stripe: false });
  await buildRates(scene.t, scene.cast.admin, { EUR: "1.08" });
  settingsBeforeSaving = (await scene.t.api(contract.invoices.settings, { token: scene.cast.admin.token })).body;
  const saved = await scene.t.api(contract.invoices.saveSettings, { body: SETTINGS, token: scene.cast.admin.token });
  expect(saved.status).toBe(200);
  project = await buildBilledProject(scene.t, scene.cast, "Invoiced project");
  const order = await confirmedOrder(project);
  expect((await confirm(order.id)).status).toBe(200);
  [first] = (await projectInvoices(project)) as [Invoice];
});
afterAll(async () => {
  await scene.close();
});

describe("a confirmed bank transfer", () => {
  it("issues an invoice numbered in its year, VAT taken out of the amount paid at the buyer's rate", () => {
    // Pro monthly: $39.95 paid, VAT included; the buyer is in Germany (19%).
    expect(first).toMatchObject({
      kind: "INVOICE",
      number: `${year}-000001`,
      projectName: "Invoiced project",
      buyerName: "Owner & Co (Olivia Owner)",
      currency: "USD",
      totalCents: 3995,
      netCents: 3357,
      vatCents: 638,
      credits: null,
      creditedBy: null,
    });
  });

  it("has a PDF whose text holds the number, seller, buyer, VAT and total", async () => {
    const text = await pdfText(first.id);
    for (const expected of [
      `Invoice ${year}-000001`,
      "Atelier Studio GmbH",
      "DE123456789",
      "Owner & Co (Olivia Owner)",
      "1 Main Street",
      "Pro plan, billed monthly",
      "VAT 19%",
      "$33.57",
      "$6.38",
      "$39.95",
      "IBAN DE89370400440532013000",
    ]) {
      expect(text).toContain(expected);
    }
    const pdf = await downloadPdf(first.id, scene.cast.admin.token);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="invoice-${year}-000001.pdf"`);
  });

  it("keeps what it was issued with when the settings and billing details change later", async () => {
    await scene.t.api(contract.invoices.saveSettings, {
      body: { ...SETTINGS, legalName: "Renamed Studio", vatRates: { DE: 700 } },
      token: scene.cast.admin.token,
    });
    const text = await pdfText(first.id);
    expect(text).toContain("Atelier Studio GmbH");
    expect(text).not.toContain("Renamed Studio");
    expect(text).toContain("VAT 19%");
    await scene.t.api(contract.invoices.saveSettings, { body: SETTINGS, token: scene.cast.admin.token });
  });
});

// Columns in BILLING_ACTORS order: admin, projectManager, designerOnTeam, owner, editor, viewer, otherCustomer.
const statuses = (...codes: number[]): Record<BillingActor, number> =>
  Object.fromEntries(BILLING_ACTORS.map((actor, index) => [actor, codes[index]])) as Record<BillingActor, number>;
const READERS = statuses(200, 403, 403, 200, 200, 403, 404);
const ADMIN_ONLY = statuses(200, 403, 403, 403, 403, 403, 403);

describe("who may do what", () => {
  const cases: [string, Record<BillingActor, number>, (token: string) => Promise<number>][] = [
    [
      "list a project's invoices",
      READERS,
      async (token) => (await scene.t.raw(contract.invoices.listProject, { params: { id: project.id }, token })).status,
    ],
    ["download an invoice PDF", READERS, async (token) => (await downloadPdf(first.id, token)).status],
    ["list every invoice", ADMIN_ONLY, async (token) => (await scene.t.raw(contract.invoices.list, { token })).status],
    ["export the CSV", ADMIN_ONLY, async (token) => (await scene.t.raw(contract.invoices.exportCsv, { token })).status],
    [
      "read the invoice settings",
      ADMIN_ONLY,
      async (token) => (await scene.t.raw(contract.invoices.settings, { token })).status,
    ],
    [
      "save the invoice settings",
      ADMIN_ONLY,
      async (token) => (await scene.t.raw(contract.invoices.saveSettings, { body: SETTINGS, token })).status,
    ],
  ];
  for (const [what, expected, call] of cases) {
    it(`${what}: ${JSON.stringify(expected)}`, async () => {
      const answered: Record<string, number> = {};
      for (const actor of BILLING_ACTORS) answered[actor] = await call(scene.cast[actor].token);
      expect(answered).toEqual(expected);
      expect(await call("")).toBe(401);
    });
  }

  it("issue a credit note: admin only (the refused leave the invoice uncredited)", async () => {
    for (const actor of BILLING_ACTORS.filter((a) => a !== "admin")) {
      const res = await scene.t.raw(contract.invoices.issueCreditNote, {
        params: { invoiceId: first.id },
        body: { reason: "Refund" },
        token: scene.cast[actor].token,
      });
      expect(res.status, actor).toBe(403);
    }
    expect((await projectInvoices(project)).map((i) => i.number)).toEqual([`${year}-000001`]);
  });

  it("answers 404 for an unknown invoice", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await downloadPdf(unknown, scene.cast.admin.token)).status).toBe(404);
    const res = await scene.t.raw(contract.invoices.issueCreditNote, {
      params: { invoiceId: unknown },
      body: { reason: "Refund" },
      token: scene.cast.admin.token,
    });
    expect(res.status).toBe(404);
  });
});

describe("invoice settings", () => {
  it("are empty until an admin saves them", () => {
    expect(settingsBeforeSaving).toEqual({
      legalName: "",
      address: "",
      country: "",
      vatId: "",
      vatRates: {},
      bankDetails: "Atelier Studio GmbH, IBAN DE89370400440532013000, BIC COBADEFFXXX",
      updatedAt: null,
    });
  });

  it("refuses bad input with the field's message and changes nothing", async () => {
    for (const [body, field] of [
      [{ ...SETTINGS, country: "XX" }, "country"],
      [{ ...SETTINGS, legalName: " " }, "legalName"],
      [{ ...SETTINGS, vatRates: { DE: 10_001 } }, "vatRates.DE"],
      [{ ...SETTINGS, vatRates: { DE: 19.5 } }, "vatRates.DE"],
      [{ ...SETTINGS, vatRates: { ZZ: 1900 } }, "vatRates.ZZ"],
    ] as const) {
      const res = await scene.t.raw(contract.invoices.saveSettings, { body, token: scene.cast.admin.token });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.error.fields ?? {}).join(), field).toContain(field);
    }
    const now = await scene.t.api(contract.invoices.settings, { token: scene.cast.admin.token });
    expect(now.body).toMatchObject({
      ...SETTINGS,
      bankDetails: "Atelier Studio GmbH, IBAN DE89370400440532013000, BIC COBADEFFXXX",
    });
  });
});

describe("numbering", () => {
  it("gives a rolled-back payment's number to the next invoice: no gaps", async () => {
    const other = await buildBilledProject(scene.t, scene.cast, "Rolled back project");
    const before = (await scene.t.api(contract.invoices.list, { token: scene.cast.admin.token })).body.items.length;
    const failure = new Error("the payment failed after numbering");
    await expect(
      withTransaction(scene.t.ctx, async (tx) => {
        await issuePaymentInvoice(tx, scene.t.ctx.config, {
          projectId: other.id,
          paymentKey: "test:rolled-back",
          orderId: null,
          totalCents: 1000,
          description: "Never issued",
          payment: null,
          actorId: null,
        });
        throw failure;
      }),
    ).rejects.toBe(failure);
    const all = (await scene.t.api(contract.invoices.list, { token: scene.cast.admin.token })).body.items;
    expect(all).toHaveLength(before);
    const order = await confirmedOrder(other);
    expect((await confirm(order.id)).status).toBe(200);
    const [latest] = (await scene.t.api(contract.invoices.list, { token: scene.cast.admin.token })).body.items;
    const numbers = all.map((i) => Number(i.number.slice(5)));
    expect(Number(latest?.number.slice(5))).toBe(Math.max(...numbers) + 1);
  });

  it("gives concurrent confirmations distinct consecutive numbers", async () => {
    const projects = await Promise.all(
      ["Concurrent A", "Concurrent B", "Concurrent C"].map((name) => buildBilledProject(scene.t, scene.cast, name)),
    );
    const orders = await Promise.all(projects.map((p) => confirmedOrder(p)));
    const answers = await Promise.all(orders.map((o) => confirm(o.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const all = (await scene.t.api(contract.invoices.list, { token: scene.cast.admin.token })).body.items;
    const sequences = all.map((i) => Number(i.number.slice(5))).sort((a, b) => a - b);
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
  });
});

describe("a credit note", () => {
  it("reverses the invoice in full with the next number, once; the invoice itself is unchanged", async () => {
    const target = await buildBilledProject(scene.t, scene.cast, "Refunded project");
    const order = await confirmedOrder(target, "PRO_YEARLY");
    await confirm(order.id);
    const [invoice] = (await projectInvoices(target)) as [Invoice];
    const refused = await scene.t.raw(contract.invoices.issueCreditNote, {
      params: { invoiceId: invoice.id },
      body: { reason: " " },
      token: scene.cast.admin.token,
    });
    expect(refused.status).toBe(400);
    const note = (
      await scene.t.api(contract.invoices.issueCreditNote, {
        params: { invoiceId: invoice.id },
        body: { reason: "Refunded on request" },
        token: scene.cast.admin.token,
      })
    ).body;
    expect(note).toMatchObject({
      kind: "CREDIT_NOTE",
      totalCents: -invoice.totalCents,
      netCents: -invoice.netCents,
      vatCents: -invoice.vatCents,
      credits: { id: invoice.id, number: invoice.number },
    });
    expect(Number(note.number.slice(5))).toBeGreaterThan(Number(invoice.number.slice(5)));
    const listed = await projectInvoices(target);
    expect(listed.find((i) => i.id === invoice.id)).toEqual({
      ...invoice,
      creditedBy: { id: note.id, number: note.number },
    });

    const again = await scene.t.raw(contract.invoices.issueCreditNote, {
      params: { invoiceId: invoice.id },
      body: { reason: "Twice" },
      token: scene.cast.admin.token,
    });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(INVOICE_MESSAGES.alreadyCredited);
    const ofNote = await scene.t.raw(contract.invoices.issueCreditNote, {
      params: { invoiceId: note.id },
      body: { reason: "Nested" },
      token: scene.cast.admin.token,
    });
    expect(ofNote.status).toBe(412);

    const text = await pdfText(note.id);
    expect(text).toContain(`Credit note ${note.number}`);
    expect(text).toContain(`Credits invoice ${invoice.number}`);
    expect(text).toContain("Refunded on request");
    expect(text).toContain("-$402.00");
  });
});

describe("the CSV export", () => {
  it("lists every document oldest first with decimal amounts", async () => {
    const res = await scene.t.raw(contract.invoices.exportCsv, { token: scene.cast.admin.token });
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = String(res.received).trim().split("\r\n");
    expect(lines[0]).toBe(
      "number,kind,issue_date,credits,project,buyer,buyer_country,buyer_vat_id,currency,net,vat_rate_percent,reverse_charge,vat,total",
    );
    expect(lines[1]).toBe(
      `${year}-000001,INVOICE,${new Date(first.issuedAt).toISOString().slice(0, 10)},,Invoiced project,Owner & Co (Olivia Owner),DE,,USD,33.57,19.00,no,6.38,39.95`,
    );
    expect(lines.some((line) => line.includes(",CREDIT_NOTE,") && line.endsWith(",-402.00"))).toBe(true);
  });
});
