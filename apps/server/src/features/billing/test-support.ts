import type { InviteRole, Project } from "@atelier/shared";
import { type StripeStandIn, startStripeStandIn } from "../../../test/stripe-stand-in.ts";
import { type BuiltUser, createTestApp, type TestApp } from "../../../test/test-app.ts";

/** Builders for the billing API tests: everything goes through the real calls. */

/** Where orders are paid to in the tests (a valid IBAN and bech32 address). */
export const PAYMENT_ENV = {
  PAYMENT_BANK_IBAN: "DE89 3704 0044 0532 0130 00",
  PAYMENT_BANK_BIC: "COBADEFFXXX",
  PAYMENT_BANK_BENEFICIARY: "Atelier Studio GmbH",
  PAYMENT_BTC_ADDRESS: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
};

export const BILLING_DETAILS = {
  customerType: "COMPANY",
  customerFirstName: "Olivia",
  customerLastName: "Owner",
  customerCompanyName: "Owner & Co",
  customerAddress: "1 Main Street",
  customerPost: "Berlin",
  customerPostCode: "10115",
  country: "DE",
};

export interface BillingCast {
  admin: BuiltUser;
  projectManager: BuiltUser;
  designerOnTeam: BuiltUser;
  owner: BuiltUser;
  editor: BuiltUser;
  viewer: BuiltUser;
  otherCustomer: BuiltUser;
}
export type BillingActor = keyof BillingCast;
export const BILLING_ACTORS: BillingActor[] = [
  "admin",
  "projectManager",
  "designerOnTeam",
  "owner",
  "editor",
  "viewer",
  "otherCustomer",
];

export interface BillingScene {
  t: TestApp;
  cast: BillingCast;
  /** set when the app runs with Stripe (the stand-in) */
  stripe: StripeStandIn | null;
  close(): Promise<void>;
}

/** A real app over a fresh database, with the payment accounts set and, when asked, Stripe's stand-in. */
export async function startBillingScene(options: { stripe: boolean }): Promise<BillingScene> {
  const stripe = options.stripe ? await startStripeStandIn() : null;
  const t = await createTestApp({ ...PAYMENT_ENV, ...(stripe?.env ?? {}) });
  const cast: BillingCast = {
    admin: await t.buildUser({ role: "admin" }),
    projectManager: await t.buildUser({ role: "projectManager" }),
    designerOnTeam: await t.buildUser({ role: "designer" }),
    owner: await t.buildUser({ role: "customer" }),
    editor: await t.buildUser({ role: "customer" }),
    viewer: await t.buildUser({ role: "customer" }),
    otherCustomer: await t.buildUser({ role: "customer" }),
  };
  return {
    t,
    cast,
    stripe,
    async close() {
      await t.close();
      await stripe?.close();
    },
  };
}

export async function expectOk<T>(response: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** A project owned by `cast.owner` with editor, viewer and a designer on the team, and its billing details filled in. */
export async function buildBilledProject(scene: BillingScene, name = "Billing project"): Promise<Project> {
  const { t, cast } = scene;
  const project = await expectOk<Project>(
    t.call({
      method: "POST",
      url: "/v3/project/create",
      token: cast.admin.token,
      payload: { name, isExistingCustomer: true, customerEmail: cast.owner.user.email },
    }),
    "create project",
  );
  const members: Array<[BuiltUser, InviteRole]> = [
    [cast.editor, "editor"],
    [cast.viewer, "viewer"],
    [cast.designerOnTeam, "designer"],
  ];
  for (const [person, role] of members) {
    await expectOk(
      t.call({
        method: "POST",
        url: "/v3/project/inviteUserToProject",
        token: cast.admin.token,
        payload: { projectId: project.id, email: person.user.email, role },
      }),
      `invite ${role}`,
    );
  }
  await expectOk(
    t.call({
      method: "POST",
      url: "/v3/project/updateData",
      token: cast.owner.token,
      payload: { id: project.id, ...BILLING_DETAILS },
    }),
    "billing details",
  );
  return project;
}

/** Sets the BTC and EUR rates as the admin would. */
export async function setRates(scene: BillingScene, rates: { BTC?: string; EUR?: string } = {}): Promise<void> {
  for (const [currency, usdPerUnit] of Object.entries({ BTC: "95000", EUR: "1.08", ...rates })) {
    await expectOk(
      scene.t.call({
        method: "POST",
        url: "/v3/billing/rates",
        token: scene.cast.admin.token,
        payload: { currency, usdPerUnit },
      }),
      `rate ${currency}`,
    );
  }
}

/** The billing summary as `who` sees it. */
export function billingOf(scene: BillingScene, who: BuiltUser, projectId: string) {
  return expectOk(
    scene.t.call({ method: "GET", url: `/v3/project/${projectId}/billing`, token: who.token }),
    "billing",
  );
}

/** Delivers one signed webhook through the app, as Stripe would. */
export function deliverWebhook(scene: BillingScene, body: string, signature: string) {
  return scene.t.call({
    method: "POST",
    url: "/v3/project/stripe-payment/webhook",
    payload: body,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}
