import {
  BILLING_MESSAGES,
  canCancelOrder,
  canManageOrders,
  canPayForProject,
  canRejectOrder,
  canTopUp,
  type contract,
  describePlan,
  type EndpointParsed,
  isOrderPlanCode,
  ORDER_CURRENCY,
  PAYMENT_METHOD_LABELS,
  type PaymentOrder,
  planChargeCents,
  planPeriodMonths,
  topUpPriceCents,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import { conflict, forbidden, notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { issuePaymentInvoice } from "../../invoices/index.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { convertUsd, formatPayAmount, newOrderReference } from "../payment-codes.ts";
import { presentOrder } from "../presenter.ts";
import { addTopUpHours } from "../repo/billing.ts";
import { findOrder, hasOpenProjectOrder, insertOrder, listOrdersByStatus, setOrderStatus } from "../repo/orders.ts";
import { findCurrentRate } from "../repo/rates.ts";
import { hasBillingDetails } from "./billing-details.ts";
import { addMonthsUtc, changePlan } from "./plan.ts";

type CreateOrder = EndpointParsed<typeof contract.billing.createOrder>;
type ListQuery = EndpointParsed<typeof contract.billing.listOrders>["query"];

/**
 * `POST /v3/project/{id}/payment-order`: the billing dialog's step 3 for bank transfer and BTC.
 * Priced now in USD and converted at the current rate, which the order keeps.
 */
export async function createPaymentOrder(
  ctx: AppContext,
  actor: Actor,
  input: { id: string } & CreateOrder["body"],
  preloaded?: PreloadedScope,
): Promise<PaymentOrder> {
  const { project, membership } = await loadVisibleProject(ctx, actor, input.id, preloaded);
  const allowed = input.kind === "TOP_UP" ? canTopUp(actor, membership) : canPayForProject(actor, membership);
  if (!allowed) throw forbidden();
  // An order is a bill: it needs the invoice's name and address, as a card payment does.
  if (!hasBillingDetails(project)) throw ruleRefused(BILLING_MESSAGES.billingDetailsMissing);
  const accounts = ctx.config.payments;
  const hasAccount = input.method === "BANK_TRANSFER" ? accounts.bank !== null : accounts.btcAddress !== null;
  if (!hasAccount) throw ruleRefused(BILLING_MESSAGES.methodUnavailable);
  const currency = ORDER_CURRENCY[input.method];
  const rate = await findCurrentRate(ctx.db, currency);
  if (!rate) throw ruleRefused(BILLING_MESSAGES.rateMissing);

  let amountCents: number;
  if (input.kind === "PLAN") {
    if (project.activeStripeSubscription) throw ruleRefused(BILLING_MESSAGES.subscriptionActive);
    if (!input.paymentPlan || !isOrderPlanCode(input.paymentPlan)) throw ruleRefused(BILLING_MESSAGES.unknownPlan);
    amountCents = planChargeCents(input.paymentPlan);
  } else {
    const price = topUpPriceCents(project.paymentPlan, input.hours ?? 0);
    const end = project.paymentPlanPeriodEnd;
    if (price === null || !end || end.getTime() <= Date.now()) throw ruleRefused(BILLING_MESSAGES.topUpNeedsPlan);
    amountCents = price;
  }

  // One open order per project (issue 29): refused here with a word the payer can act on, and
  // held by the unique index payment_orders_one_open_idx when two orders race.
  const order = await withTransaction(ctx, async (tx, emit) => {
    if (await hasOpenProjectOrder(tx, project.id)) throw conflict(BILLING_MESSAGES.orderAlreadyOpen);
    const row = await insertOrder(tx, {
      projectId: project.id,
      reference: newOrderReference(),
      method: input.method,
      kind: input.kind,
      paymentPlan: input.kind === "PLAN" ? (input.paymentPlan ?? null) : null,
      hours: input.kind === "TOP_UP" ? (input.hours ?? null) : null,
      amountCents,
      payCurrency: currency,
      payAmount: convertUsd(amountCents, rate.usdPerUnit, currency),
      rateId: rate.id,
      createdById: actor.id,
    });
    emit({
      type: "billing.orderCreated",
      actorId: actor.id,
      projectId: project.id,
      subject: { type: "paymentOrder", id: row.id },
      payload: { orderId: row.id, reference: row.reference, method: row.method, kind: row.kind },
    });
    return row;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, "payment_orders_one_open_idx")) throw conflict(BILLING_MESSAGES.orderAlreadyOpen);
    throw error;
  });
  return presentLoaded(ctx, order.id);
}

async function presentLoaded(ctx: AppContext, orderId: string): Promise<PaymentOrder> {
  const row = await findOrder(ctx.db, orderId);
  if (!row) throw notFound();
  return presentOrder(ctx.config, row);
}

/** `POST /v3/billing/orders/{orderId}/cancel`: the owner or staff withdraw an open order. */
export async function cancelPaymentOrder(
  ctx: AppContext,
  actor: Actor,
  input: { orderId: string },
): Promise<PaymentOrder> {
  const found = await findOrder(ctx.db, input.orderId);
  if (!found) throw notFound();
  // Access to an order is access to its project: an order of someone else's project is 404.
  const { membership } = await loadVisibleProject(ctx, actor, found.order.projectId);
  if (!canCancelOrder(actor, membership)) throw forbidden();
  await withTransaction(ctx, async (tx, emit) => {
    const locked = await findOrder(tx, input.orderId, { forUpdate: true });
    if (locked?.order.status !== "OPEN") throw conflict(BILLING_MESSAGES.orderNotOpen);
    await setOrderStatus(tx, input.orderId, { status: "CANCELED", canceledAt: new Date() });
    emit({
      type: "billing.orderCanceled",
      actorId: actor.id,
      projectId: locked.order.projectId,
      subject: { type: "paymentOrder", id: input.orderId },
      payload: { orderId: input.orderId },
    });
  });
  return presentLoaded(ctx, input.orderId);
}

/**
 * `POST /v3/billing/orders/{orderId}/reject` (admin): the money did not arrive, or not as ordered.
 * The reason goes to the customer: on the project's billing (the summary's `rejectedOrder`) and
 * live through the `billing.orderRejected` event.
 */
export async function rejectPaymentOrder(
  ctx: AppContext,
  actor: Actor,
  input: { orderId: string; reason: string },
): Promise<PaymentOrder> {
  if (!canRejectOrder(actor)) throw forbidden();
  await withTransaction(ctx, async (tx, emit) => {
    const found = await findOrder(tx, input.orderId, { forUpdate: true });
    if (!found) throw notFound();
    if (found.order.status !== "OPEN") throw conflict(BILLING_MESSAGES.orderNotOpen);
    await setOrderStatus(tx, input.orderId, {
      status: "REJECTED",
      rejectedAt: new Date(),
      rejectedById: actor.id,
      rejectionReason: input.reason,
    });
    emit({
      type: "billing.orderRejected",
      actorId: actor.id,
      projectId: found.order.projectId,
      subject: { type: "paymentOrder", id: input.orderId },
      payload: { orderId: input.orderId, reason: input.reason },
    });
  });
  return presentLoaded(ctx, input.orderId);
}

/** `GET /v3/billing/orders` (admin): one status, oldest first, keyset-paged. */
export async function listPaymentOrders(ctx: AppContext, actor: Actor, query: ListQuery) {
  if (!canManageOrders(actor)) throw forbidden();
  const cursor = decodeCursor(query.cursor, ["timestamp", "id"] as const);
  const rows = await listOrdersByStatus(ctx.db, {
    status: query.status,
    after: cursor ? { createdAtKey: cursor[0], id: cursor[1] } : null,
    limit: query.limit,
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => row,
    (row) => [row.createdAtKey, row.order.id],
  );
  return {
    items: await Promise.all(page.items.map((row) => presentOrder(ctx.config, row))),
    nextCursor: page.nextCursor,
  };
}

/**
 * `POST /v3/billing/orders/{orderId}/confirm` (admin): the money arrived. A plan starts now, or
 * extends the current period when the project renews the same plan before it ends; extra hours
 * join the current period. The order row is locked, so confirming twice applies once (409).
 */
export async function confirmPaymentOrder(
  ctx: AppContext,
  actor: Actor,
  input: { orderId: string },
): Promise<PaymentOrder> {
  if (!canManageOrders(actor)) throw forbidden();
  await withTransaction(ctx, async (tx, emit) => {
    const found = await findOrder(tx, input.orderId, { forUpdate: true });
    if (!found) throw notFound();
    const { order } = found;
    if (order.status !== "OPEN") throw conflict(BILLING_MESSAGES.orderNotOpen);
    const { project } = await loadVisibleProject({ ...ctx, db: tx }, actor, order.projectId);
    const now = new Date();
    const currentEnd = project.paymentPlanPeriodEnd;
    if (order.kind === "PLAN" && order.paymentPlan) {
      if (project.activeStripeSubscription) throw ruleRefused(BILLING_MESSAGES.subscriptionActive);
      const renews = project.paymentPlan === order.paymentPlan && currentEnd && currentEnd > now;
      const periodEnd = addMonthsUtc(renews ? currentEnd : now, planPeriodMonths(order.paymentPlan));
      await changePlan(tx, emit, {
        projectId: project.id,
        actorId: actor.id,
        paymentPlan: order.paymentPlan,
        periodEnd,
        activeStripeSubscription: false,
      });
    } else {
      if (!currentEnd || currentEnd <= now) throw ruleRefused(BILLING_MESSAGES.topUpNeedsPlan);
      await addTopUpHours(tx, project.id, order.hours ?? 0, currentEnd);
      emit({
        type: "billing.hoursToppedUp",
        actorId: actor.id,
        projectId: project.id,
        subject: { type: "project", id: project.id },
        payload: { hours: order.hours ?? 0 },
      });
    }
    await setOrderStatus(tx, order.id, { status: "CONFIRMED", confirmedAt: now, confirmedById: actor.id });
    // The invoice is numbered in this transaction: no confirmed order without it, no number without one.
    await issuePaymentInvoice(tx, ctx.config, {
      projectId: project.id,
      paymentKey: `order:${order.id}`,
      orderId: order.id,
      totalCents: order.amountCents,
      description: orderDescription(order),
      payment: `${PAYMENT_METHOD_LABELS[order.method]} ${order.reference}, ${formatPayAmount(order.payAmount, order.payCurrency)} ${order.payCurrency}`,
      actorId: actor.id,
    });
    emit({
      type: "billing.orderConfirmed",
      actorId: actor.id,
      projectId: project.id,
      subject: { type: "paymentOrder", id: order.id },
      payload: { orderId: order.id },
    });
  });
  return presentLoaded(ctx, input.orderId);
}

/** The invoice line of an order: "Pro plan (PRO_YEARLY)" or "10 extra design hours". */
function orderDescription(order: { kind: string; paymentPlan: string | null; hours: number | null }): string {
  if (order.kind === "PLAN" && order.paymentPlan && isOrderPlanCode(order.paymentPlan)) {
    const plan = describePlan(order.paymentPlan);
    const period = plan.period === "YEARLY" ? "yearly" : plan.period === "MONTHLY" ? "monthly" : "";
    return `${plan.name} plan${period ? `, billed ${period}` : ""} (${order.paymentPlan})`;
  }
  return `${order.hours ?? 0} extra design hours`;
}
