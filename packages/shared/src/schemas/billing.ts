import { z } from "zod";
import { ORDER_REJECTION_REASON_MAX } from "../limits.ts";
import {
  BILLING_PERIODS,
  CARD_PLAN_CODES,
  ORDER_PLAN_CODES,
  PAYMENT_PLANS,
  TOP_UP_HOURS_MAX,
  TOP_UP_HOURS_MIN,
} from "../plans.ts";
import { idSchema, pageQuery, textSchema } from "./common.ts";
import { PLAN_BY_HAND_MESSAGES, planByHandIssue, planByHandPeriodEndSchema, planByHandSchema } from "./plan-by-hand.ts";

/** SPEC §9 payment methods: credit card, bank transfer, BTC (the billing dialog's step 0). */
export const PAYMENT_METHODS = ["CARD", "BANK_TRANSFER", "BTC"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CARD: "Credit card",
  BANK_TRANSFER: "Bank transfer",
  BTC: "Crypto (BTC)",
};

/** Methods that produce a payment order an admin confirms. */
export const ORDER_METHODS = ["BANK_TRANSFER", "BTC"] as const;
export type OrderMethod = (typeof ORDER_METHODS)[number];

export const ORDER_KINDS = ["PLAN", "TOP_UP"] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** OPEN until the admin confirms the money arrived, the payer cancels it, or the admin rejects it (with a reason). */
export const ORDER_STATUSES = ["OPEN", "CONFIRMED", "CANCELED", "REJECTED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Currencies an order can be paid in besides the USD prices: EUR (SEPA) and BTC, at an admin's rate. */
export const RATE_CURRENCIES = ["BTC", "EUR"] as const;
export type RateCurrency = (typeof RATE_CURRENCIES)[number];
export const ORDER_CURRENCY: Record<OrderMethod, RateCurrency> = { BANK_TRANSFER: "EUR", BTC: "BTC" };

/** Texts of the billing rules the server refuses with; the web shows them as 'Error: ' + text. */
export const BILLING_MESSAGES = {
  cardsUnavailable: "Card payment is not available",
  methodUnavailable: "This payment method is not available",
  rateMissing: "No exchange rate has been set for this currency yet",
  orderNotOpen: "This order is no longer open",
  subscriptionActive: "The project already has an active card subscription; change it in the billing portal",
  noSubscription: "The project has no card subscription or Flexible plan to cancel",
  noStripeCustomer: "Enter the billing details and pay by card first",
  billingDetailsMissing: "Fill in the billing details first",
  topUpNeedsPlan: "Extra hours can be bought for a plan with monthly hours only",
  sessionNotForProject: "This payment belongs to another project",
  sessionNotComplete: "The payment has not been completed",
  unknownPlan: PLAN_BY_HAND_MESSAGES.unknownPlan,
  periodEndInPast: PLAN_BY_HAND_MESSAGES.periodEndInPast,
  webhookNotConfigured: "Card payments are not configured",
  badSignature: "The webhook signature does not match",
  ordersUnavailable: "Set the bank account or the BTC address to take orders",
  orderAlreadyOpen: "An open order already exists for this project; cancel it before ordering again",
} as const;

// ---------------------------------------------------------------- shared parts

export const projectIdQuery = z.object({ id: idSchema });

const planCodeOf = <T extends readonly [string, ...string[]]>(codes: T) =>
  z.enum(codes, { message: BILLING_MESSAGES.unknownPlan });

export const exchangeRateSchema = z.object({
  currency: z.enum(RATE_CURRENCIES),
  /** US dollars for one unit (one euro, one bitcoin), as a decimal string */
  usdPerUnit: z.string(),
  /** when an admin set it, epoch ms */
  setAt: z.number(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRatesSchema = z.object({
  BTC: exchangeRateSchema.nullable(),
  EUR: exchangeRateSchema.nullable(),
});
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

/** A bank transfer or BTC payment order (DESIGN §8): what to pay, where, with its QR code. */
export const paymentOrderSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  projectName: z.string(),
  /** goes into the transfer's reference / the BIP21 message, so the admin can match the payment */
  reference: z.string(),
  method: z.enum(ORDER_METHODS),
  kind: z.enum(ORDER_KINDS),
  paymentPlan: z.enum(PAYMENT_PLANS).nullable(),
  hours: z.number().int().nullable(),
  /** the price in US cents */
  amountCents: z.number().int(),
  /** what to pay: euros with two decimals, or bitcoin with eight */
  payAmount: z.string(),
  payCurrency: z.enum(RATE_CURRENCIES),
  rate: exchangeRateSchema,
  status: z.enum(ORDER_STATUSES),
  createdAt: z.number(),
  confirmedAt: z.number().nullable(),
  /** REJECTED: when, and the admin's reason, which the customer reads */
  rejectedAt: z.number().nullable(),
  rejectionReason: z.string().nullable(),
  /** the EPC QR payload (SEPA) or the BIP21 URI (bitcoin) */
  qrPayload: z.string(),
  /** the same as a PNG data URL */
  qrImage: z.string(),
  bank: z.object({ beneficiary: z.string(), iban: z.string(), bic: z.string().nullable() }).nullable(),
  btcAddress: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

/** What the caller may do with the project's billing, computed by the server from shared/permissions/billing. */
export const billingAbilitiesSchema = z.object({
  canPay: z.boolean(),
  canTopUp: z.boolean(),
  canSeeCosts: z.boolean(),
  canSetPlanByHand: z.boolean(),
  /** the project's invoices and their PDFs (owner, editors, admins) */
  canSeeInvoices: z.boolean(),
});
export type BillingAbilities = z.infer<typeof billingAbilitiesSchema>;

/**
 * `GET /v3/project/{id}/billing`: the project's plan and how it can be paid. `costs` is null
 * for those who may not see costs (viewers, designers), `openOrders` empty for those who may not pay.
 */
export const billingSummarySchema = z.object({
  projectId: idSchema,
  paymentPlan: z.enum(PAYMENT_PLANS),
  planName: z.string(),
  period: z.enum(BILLING_PERIODS).nullable(),
  /** epoch SECONDS */
  periodEnd: z.number().int().nullable(),
  isPeriodOver: z.boolean(),
  activeStripeSubscription: z.boolean(),
  paymentMethods: z.object({ CARD: z.boolean(), BANK_TRANSFER: z.boolean(), BTC: z.boolean() }),
  rates: exchangeRatesSchema.nullable(),
  costs: z
    .object({
      /** per month, as SPEC §9 shows prices; null with no plan or Flexible */
      pricePerMonthCents: z.number().int().nullable(),
      hoursPerMonth: z.number().nullable(),
      /** extra hours bought for the current period */
      topUpHours: z.number(),
      /** hours available in the current period: the plan's hours plus top-ups */
      balanceHours: z.number().nullable(),
      /** Flexible: what an hour costs */
      hourlyRateCents: z.number().int().nullable(),
    })
    .nullable(),
  /** the open order, if any: a project has at most one (issue 29) */
  openOrders: z.array(paymentOrderSchema),
  /** the project's latest order when an admin rejected it (with the reason), for who may pay; else null */
  rejectedOrder: paymentOrderSchema.nullable(),
  abilities: billingAbilitiesSchema,
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

// ---------------------------------------------------------------- input

export const createOrderSchema = z
  .object({
    method: z.enum(ORDER_METHODS, { message: "Choose bank transfer or BTC" }),
    kind: z.enum(ORDER_KINDS, { message: "Order a plan or extra hours" }).default("PLAN"),
    paymentPlan: planCodeOf(ORDER_PLAN_CODES).optional(),
    hours: z
      .number({ message: "Hours must be a whole number" })
      .int({ message: "Hours must be a whole number" })
      .min(TOP_UP_HOURS_MIN, { message: `At least ${TOP_UP_HOURS_MIN} hour` })
      .max(TOP_UP_HOURS_MAX, { message: `At most ${TOP_UP_HOURS_MAX} hours` })
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === "PLAN" && !input.paymentPlan) {
      ctx.addIssue({ code: "custom", path: ["paymentPlan"], message: "Choose a plan" });
    }
    if (input.kind === "TOP_UP" && input.hours === undefined) {
      ctx.addIssue({ code: "custom", path: ["hours"], message: "Choose how many hours" });
    }
  });
export type CreateOrderInput = z.input<typeof createOrderSchema>;

export const orderParams = z.object({ orderId: idSchema });

/** `POST /v3/billing/orders/{orderId}/reject` (admin): why, in words the customer will read. */
export const rejectOrderSchema = z.object({
  reason: textSchema("Give a reason")
    .trim()
    .min(1, { message: "Give a reason" })
    .max(ORDER_REJECTION_REASON_MAX, {
      message: `The reason must be at most ${ORDER_REJECTION_REASON_MAX} characters`,
    }),
});
export type RejectOrderInput = z.input<typeof rejectOrderSchema>;

export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { message: "Status must be OPEN, CONFIRMED, CANCELED or REJECTED" }).default("OPEN"),
  ...pageQuery(20),
});

const decimalText = textSchema("Enter a number")
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, { message: "Enter a positive number with at most 8 decimals" })
  .refine((value) => Number(value) > 0, { message: "The rate must be above zero" });

export const setExchangeRateSchema = z.object({
  currency: z.enum(RATE_CURRENCIES, { message: "Currency must be BTC or EUR" }),
  usdPerUnit: decimalText,
});
export type SetExchangeRateInput = z.input<typeof setExchangeRateSchema>;

/**
 * `POST /v3/project/{id}/manual-setup-payment-plan` (SPEC §7): an admin code of SPEC §9 and the
 * period end in epoch seconds, which must lie ahead; with `none` the period end is ignored.
 */
export const manualSetupPlanSchema = z
  .object({
    paymentPlan: planByHandSchema,
    paymentPlanCurrentPeriodEnd: planByHandPeriodEndSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const message = planByHandIssue({ paymentPlan: input.paymentPlan, periodEnd: input.paymentPlanCurrentPeriodEnd });
    if (message) ctx.addIssue({ code: "custom", path: ["paymentPlanCurrentPeriodEnd"], message });
  });
export type ManualSetupPlanInput = z.input<typeof manualSetupPlanSchema>;

export const createSubscriptionQuery = z.object({
  id: idSchema,
  paymentPlan: planCodeOf(CARD_PLAN_CODES),
});

export const topUpQuery = z.object({
  id: idSchema,
  hours: z.coerce
    .number({ message: "Hours must be a whole number" })
    .int({ message: "Hours must be a whole number" })
    .min(TOP_UP_HOURS_MIN, { message: `At least ${TOP_UP_HOURS_MIN} hour` })
    .max(TOP_UP_HOURS_MAX, { message: `At most ${TOP_UP_HOURS_MAX} hours` }),
});

export const confirmSessionQuery = z.object({
  id: idSchema,
  sessionId: textSchema("sessionId is required").regex(/^[A-Za-z0-9_]{1,255}$/, {
    message: "Must be a Stripe Checkout session id",
  }),
});

export const checkoutResultSchema = z.object({
  success: z.boolean(),
  /** Stripe Checkout's page the browser goes to */
  redirectToStripe: z.string(),
  sessionId: z.string(),
});

export const clientTokenSchema = z.object({ token: z.string() });
export const portalSessionSchema = z.object({ url: z.string() });
export const stripeCustomerSchema = z.object({ success: z.literal(true), customerId: z.string() });
export const webhookAnswerSchema = z.object({ received: z.literal(true) });
/** Stripe's event envelope as far as the route validates it; the gateway reads the rest after the signature check. */
export const stripeEventBodySchema = z
  .object({ id: textSchema().max(255), type: textSchema().max(255), created: z.number() })
  .loose();
