import {
  BILLING_MESSAGES,
  type BillingSummary,
  type CardPlanCode,
  canPayForProject,
  canTopUp,
  planChargeCents,
  publicPlanOf,
  topUpPriceCents,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden, ruleRefused } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import type { CardGateway, CheckoutState } from "../../../payments/gateway.ts";
import { loadVisibleProject, type ProjectAccess } from "../../projects/index.ts";
import { findProjectBilling, findUserEmail, type ProjectBillingRow, updateProjectBilling } from "../repo/billing.ts";
import { applyCheckout, applySubscription } from "./apply.ts";
import { hasBillingDetails } from "./billing-details.ts";
import { changePlan } from "./plan.ts";
import { loadBillingSummary } from "./summary.ts";

/** Card calls answer 412 in manual mode: the web shows card payment as unavailable. */
function requireCards(ctx: AppContext): CardGateway {
  if (ctx.payments.kind !== "stripe") throw ruleRefused(BILLING_MESSAGES.cardsUnavailable);
  return ctx.payments;
}

interface Payable extends ProjectAccess {
  billing: ProjectBillingRow;
}

async function loadPayable(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  may: typeof canPayForProject = canPayForProject,
): Promise<Payable> {
  const access = await loadVisibleProject(ctx, actor, projectId);
  if (!may(actor, access.membership)) throw forbidden();
  return { ...access, billing: await findProjectBilling(ctx.db, projectId) };
}

/** The project's Stripe customer, created or brought up to date from its billing details (SPEC §3). */
async function saveCustomer(ctx: AppContext, cards: CardGateway, payable: Payable): Promise<string> {
  const { project, billing } = payable;
  const email = await findUserEmail(ctx.db, project.ownerId);
  if (!hasBillingDetails(project) || !email) throw ruleRefused(BILLING_MESSAGES.billingDetailsMissing);
  const person = `${project.customerFirstName} ${project.customerLastName}`;
  const customerId = await cards.saveCustomer(billing.stripeCustomerId, {
    projectId: project.id,
    email,
    name: project.customerType === "COMPANY" && project.customerCompanyName ? project.customerCompanyName : person,
    address: {
      line1: project.customerAddress ?? "",
      city: project.customerPost ?? "",
      postalCode: project.customerPostCode ?? "",
      country: project.customerCountry ?? "",
    },
  });
  if (customerId !== billing.stripeCustomerId) {
    await updateProjectBilling(ctx.db, project.id, { stripeCustomerId: customerId });
  }
  return customerId;
}

const projectUrl = (ctx: AppContext, projectId: string, after = "") =>
  `${ctx.config.publicUrl}/app/project/${projectId}${after}`;

/** `POST …/create-or-update-customer?id`. */
export async function createOrUpdateCustomer(ctx: AppContext, actor: Actor, input: { id: string }) {
  const payable = await loadPayable(ctx, actor, input.id);
  const customerId = await saveCustomer(ctx, requireCards(ctx), payable);
  return { success: true as const, customerId };
}

/** `POST …/clientToken?id`: a SetupIntent's client secret for a card form in the page. */
export async function createClientToken(ctx: AppContext, actor: Actor, input: { id: string }) {
  const payable = await loadPayable(ctx, actor, input.id);
  const cards = requireCards(ctx);
  const customerId = await saveCustomer(ctx, cards, payable);
  return { token: await cards.createClientToken(customerId) };
}

/**
 * `POST …/create-subscription?id&paymentPlan`: Stripe Checkout in subscription mode for a plan,
 * or in setup mode for Flexible (the card is saved and hours are charged later).
 */
export async function createSubscription(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; paymentPlan: CardPlanCode },
) {
  const payable = await loadPayable(ctx, actor, input.id);
  const cards = requireCards(ctx);
  if (payable.project.activeStripeSubscription) throw ruleRefused(BILLING_MESSAGES.subscriptionActive);
  const customerId = await saveCustomer(ctx, cards, payable);
  const cancelUrl = projectUrl(ctx, input.id);
  if (input.paymentPlan === "PAY_AS_YOU_GO") {
    const session = await cards.createCheckout({
      mode: "setup",
      customerId,
      projectId: input.id,
      purpose: "PAY_AS_YOU_GO",
      successUrl: projectUrl(ctx, input.id, "/collect-payment-details?session_id={CHECKOUT_SESSION_ID}"),
      cancelUrl,
    });
    return { success: true, redirectToStripe: session.url, sessionId: session.id };
  }
  const sold = publicPlanOf(input.paymentPlan);
  if (!sold) throw ruleRefused(BILLING_MESSAGES.unknownPlan);
  const session = await cards.createCheckout({
    mode: "subscription",
    customerId,
    projectId: input.id,
    purpose: input.paymentPlan,
    successUrl: projectUrl(ctx, input.id, "/subscription-completed?session_id={CHECKOUT_SESSION_ID}"),
    cancelUrl,
    item: {
      lookupKey: input.paymentPlan,
      name: `${sold.plan.name} plan, billed ${sold.period === "YEARLY" ? "yearly" : "monthly"}`,
      unitAmountCents: planChargeCents(input.paymentPlan),
      interval: sold.period === "YEARLY" ? "year" : "month",
      quantity: 1,
    },
  });
  return { success: true, redirectToStripe: session.url, sessionId: session.id };
}

/** Reads a finished Checkout from Stripe and checks it is this project's and of the expected kind. */
async function readOwnCheckout(
  cards: CardGateway,
  projectId: string,
  sessionId: string,
  mode: CheckoutState["mode"],
): Promise<CheckoutState> {
  const checkout = await cards.readCheckout(sessionId);
  if (checkout.projectId !== projectId || checkout.mode !== mode) {
    throw ruleRefused(BILLING_MESSAGES.sessionNotForProject);
  }
  if (!checkout.isComplete) throw ruleRefused(BILLING_MESSAGES.sessionNotComplete);
  return checkout;
}

/**
 * `POST …/confirm-subscription?id&sessionId` (the `subscription-completed` return route): the
 * subscription as Stripe has it now, so the plan shows even before the webhook arrives. The
 * webhook applies the same state again; an older event arriving later changes nothing.
 */
export async function confirmSubscription(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; sessionId: string },
): Promise<BillingSummary> {
  await loadPayable(ctx, actor, input.id);
  const checkout = await readOwnCheckout(requireCards(ctx), input.id, input.sessionId, "subscription");
  await withTransaction(ctx, (tx, emit) => applyCheckout(tx, emit, checkout, { at: "api", addHours: false }));
  return loadBillingSummary(ctx, actor, input.id);
}

/** `POST …/confirm-pay-as-you-go-plan?id&sessionId` (the `collect-payment-details` return route). */
export async function confirmPayAsYouGo(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; sessionId: string },
): Promise<BillingSummary> {
  await loadPayable(ctx, actor, input.id);
  const checkout = await readOwnCheckout(requireCards(ctx), input.id, input.sessionId, "setup");
  await withTransaction(ctx, (tx, emit) => applyCheckout(tx, emit, checkout, { at: "api", addHours: false }));
  return loadBillingSummary(ctx, actor, input.id);
}

/** `GET …/portal-session?id`: Stripe's billing portal, back to the project afterwards. */
export async function createPortalSession(ctx: AppContext, actor: Actor, input: { id: string }) {
  const { billing } = await loadPayable(ctx, actor, input.id);
  const cards = requireCards(ctx);
  if (!billing.stripeCustomerId) throw ruleRefused(BILLING_MESSAGES.noStripeCustomer);
  return { url: await cards.createPortalSession(billing.stripeCustomerId, projectUrl(ctx, input.id)) };
}

/**
 * `POST …/cancel-subscription?id`: a card subscription is cancelled at Stripe and its final state
 * applied; Flexible forgets the saved card and the project has no plan.
 */
export async function cancelSubscription(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
): Promise<BillingSummary> {
  const { project, billing } = await loadPayable(ctx, actor, input.id);
  if (billing.stripeSubscriptionId) {
    const cards = requireCards(ctx);
    const subscription = await cards.cancelSubscription(billing.stripeSubscriptionId);
    await withTransaction(ctx, (tx, emit) => applySubscription(tx, emit, project.id, subscription, "api"));
  } else if (project.paymentPlan === "PAY_AS_YOU_GO") {
    await withTransaction(ctx, async (tx, emit) => {
      await updateProjectBilling(tx, project.id, { stripePaymentMethodId: null });
      await changePlan(tx, emit, {
        projectId: project.id,
        actorId: actor.id,
        paymentPlan: "none",
        periodEnd: null,
        activeStripeSubscription: false,
      });
    });
  } else {
    throw ruleRefused(BILLING_MESSAGES.noSubscription);
  }
  return loadBillingSummary(ctx, actor, input.id);
}

/** `POST …/top-up?id&hours`: Checkout in payment mode; the webhook adds the hours once paid. */
export async function topUpByCard(ctx: AppContext, actor: Actor, input: { id: string; hours: number }) {
  const payable = await loadPayable(ctx, actor, input.id, canTopUp);
  const cards = requireCards(ctx);
  const { project } = payable;
  const price = topUpPriceCents(project.paymentPlan, input.hours);
  const end = project.paymentPlanPeriodEnd;
  if (price === null || !end || end.getTime() <= Date.now()) throw ruleRefused(BILLING_MESSAGES.topUpNeedsPlan);
  const customerId = await saveCustomer(ctx, cards, payable);
  const session = await cards.createCheckout({
    mode: "payment",
    customerId,
    projectId: project.id,
    purpose: "TOP_UP",
    hours: input.hours,
    successUrl: projectUrl(ctx, project.id),
    cancelUrl: projectUrl(ctx, project.id),
    item: {
      lookupKey: "TOP_UP",
      name: `${input.hours} extra design hours`,
      unitAmountCents: price,
      interval: null,
      quantity: 1,
    },
  });
  return { success: true, redirectToStripe: session.url, sessionId: session.id };
}
