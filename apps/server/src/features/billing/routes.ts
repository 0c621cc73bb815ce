import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { rawBodyRoute } from "../../core/raw-body-route.ts";
import { route, scopedRoute } from "../../core/route.ts";
import { projectInPath } from "../../core/route-scope.ts";
import {
  cancelSubscription,
  confirmPayAsYouGo,
  confirmSubscription,
  createClientToken,
  createOrUpdateCustomer,
  createPortalSession,
  createSubscription,
  topUpByCard,
} from "./service/card.ts";
import {
  cancelPaymentOrder,
  confirmPaymentOrder,
  createPaymentOrder,
  listPaymentOrders,
  rejectPaymentOrder,
} from "./service/orders.ts";
import { getExchangeRates, setExchangeRate } from "./service/rates.ts";
import { getBillingSummary, manualSetupPlan } from "./service/summary.ts";
import { handleStripeWebhook } from "./service/webhooks.ts";

export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const b = contract.billing;

  scopedRoute(app, ctx, b.summary, projectInPath, ({ actor, params, preloaded }) =>
    getBillingSummary(ctx, actor, params, preloaded),
  );
  scopedRoute(app, ctx, b.manualSetup, projectInPath, ({ actor, params, body, preloaded }) =>
    manualSetupPlan(ctx, actor, { ...params, ...body }, preloaded),
  );
  scopedRoute(app, ctx, b.createOrder, projectInPath, ({ actor, params, body, preloaded }) =>
    createPaymentOrder(ctx, actor, { ...params, ...body }, preloaded),
  );
  route(app, ctx, b.cancelOrder, ({ actor, params }) => cancelPaymentOrder(ctx, actor, params));
  route(app, ctx, b.listOrders, ({ actor, query }) => listPaymentOrders(ctx, actor, query));
  route(app, ctx, b.confirmOrder, ({ actor, params }) => confirmPaymentOrder(ctx, actor, params));
  route(app, ctx, b.rejectOrder, ({ actor, params, body }) => rejectPaymentOrder(ctx, actor, { ...params, ...body }));
  route(app, ctx, b.rates, ({ actor }) => getExchangeRates(ctx, actor));
  route(app, ctx, b.setRate, ({ actor, body }) => setExchangeRate(ctx, actor, body));

  route(app, ctx, b.createOrUpdateCustomer, ({ actor, query }) => createOrUpdateCustomer(ctx, actor, query));
  route(app, ctx, b.clientToken, ({ actor, query }) => createClientToken(ctx, actor, query));
  route(app, ctx, b.createSubscription, ({ actor, query }) => createSubscription(ctx, actor, query));
  route(app, ctx, b.confirmSubscription, ({ actor, query }) => confirmSubscription(ctx, actor, query));
  route(app, ctx, b.confirmPayAsYouGo, ({ actor, query }) => confirmPayAsYouGo(ctx, actor, query));
  route(app, ctx, b.portalSession, ({ actor, query }) => createPortalSession(ctx, actor, query));
  route(app, ctx, b.cancelSubscription, ({ actor, query }) => cancelSubscription(ctx, actor, query));
  route(app, ctx, b.topUp, ({ actor, query }) => topUpByCard(ctx, actor, query));

  rawBodyRoute(app, ctx, b.webhook, ({ rawBody, request }) => {
    const header = request.headers["stripe-signature"];
    return handleStripeWebhook(ctx, { rawBody, signature: Array.isArray(header) ? header[0] : header });
  });
}
