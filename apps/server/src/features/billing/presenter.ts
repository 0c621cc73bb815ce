import {
  type BillingSummary,
  canPayForProject,
  canSeePlanCosts,
  canSeeProjectInvoices,
  canSetPlanByHand,
  canTopUp,
  describePlan,
  type ExchangeRate,
  type ExchangeRates,
  type MembershipOrNone,
  PAY_AS_YOU_GO_CENTS_PER_HOUR,
  type PaymentOrder,
  type ProjectActor,
  planMonthlyPriceCents,
} from "@atelier/shared";
import type { Config } from "../../config.ts";
import type { PaymentGateway } from "../../payments/gateway.ts";
import { bip21Uri, epcPayload, formatPayAmount, qrImage } from "./payment-codes.ts";
import type { ProjectBillingRow } from "./repo/billing.ts";
import type { OrderWithRate } from "./repo/orders.ts";
import type { RateRow } from "./repo/rates.ts";

export function presentRate(row: RateRow): ExchangeRate {
  return { currency: row.currency, usdPerUnit: trimDecimal(row.usdPerUnit), setAt: row.createdAt.getTime() };
}

/** "95000.50000000" → "95000.5" */
function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}

export function presentRates(rates: { BTC: RateRow | null; EUR: RateRow | null }): ExchangeRates {
  return {
    BTC: rates.BTC ? presentRate(rates.BTC) : null,
    EUR: rates.EUR ? presentRate(rates.EUR) : null,
  };
}

/** A payment order with where to pay and its QR code, built from the settings in force now. */
export async function presentOrder(config: Config, row: OrderWithRate): Promise<PaymentOrder> {
  const { order } = row;
  const payAmount = formatPayAmount(order.payAmount, order.payCurrency);
  const bank = order.method === "BANK_TRANSFER" ? config.payments.bank : null;
  const btcAddress = order.method === "BTC" ? config.payments.btcAddress : null;
  const qrPayload = bank
    ? epcPayload({ ...bank, amount: payAmount, reference: order.reference })
    : bip21Uri({
        address: btcAddress ?? "",
        amount: payAmount,
        label: config.productName,
        reference: order.reference,
      });
  return {
    id: order.id,
    projectId: order.projectId,
    projectName: row.projectName,
    reference: order.reference,
    method: order.method,
    kind: order.kind,
    paymentPlan: order.paymentPlan,
    hours: order.hours,
    amountCents: order.amountCents,
    payAmount,
    payCurrency: order.payCurrency,
    rate: presentRate(row.rate),
    status: order.status,
    createdAt: order.createdAt.getTime(),
    confirmedAt: order.confirmedAt?.getTime() ?? null,
    rejectedAt: order.rejectedAt?.getTime() ?? null,
    rejectionReason: order.rejectionReason,
    qrPayload,
    qrImage: await qrImage(qrPayload),
    bank,
    btcAddress,
  };
}

interface SummaryInput {
  actor: ProjectActor;
  membership: MembershipOrNone;
  project: {
    id: string;
    paymentPlan: BillingSummary["paymentPlan"];
    paymentPlanPeriodEnd: Date | null;
    activeStripeSubscription: boolean;
  };
  billing: ProjectBillingRow;
  rates: { BTC: RateRow | null; EUR: RateRow | null };
  openOrders: PaymentOrder[];
  rejectedOrder: PaymentOrder | null;
  config: Config;
  payments: PaymentGateway;
  /** hours approved on the project this UTC month (the work log's period), 0 for who cannot see costs */
  approvedHours: number;
  now: Date;
}

const toSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * The billing summary as the viewer may see it: prices, hours and balance only with
 * `canSeePlanCosts` (never for viewers), orders and rates only for those who may pay.
 */
export function presentBillingSummary(input: SummaryInput): BillingSummary {
  const { actor, membership, project, billing, now } = input;
  const plan = describePlan(project.paymentPlan);
  const periodEnd = project.paymentPlanPeriodEnd;
  const isPeriodOver = periodEnd !== null && periodEnd.getTime() <= now.getTime();
  const canPay = canPayForProject(actor, membership);
  const canSeeCosts = canSeePlanCosts(actor, membership);
  const topUpHours =
    billing.topUpPeriodEnd && periodEnd && billing.topUpPeriodEnd.getTime() === periodEnd.getTime() && !isPeriodOver
      ? billing.topUpHours
      : 0;
  const hoursPerMonth = plan.hoursPerMonth;
  return {
    projectId: project.id,
    paymentPlan: project.paymentPlan,
    planName: plan.name,
    period: plan.period,
    periodEnd: toSeconds(periodEnd),
    isPeriodOver,
    activeStripeSubscription: project.activeStripeSubscription,
    paymentMethods: {
      CARD: input.payments.acceptsCards,
      BANK_TRANSFER: input.config.payments.bank !== null && input.rates.EUR !== null,
      BTC: input.config.payments.btcAddress !== null && input.rates.BTC !== null,
    },
    rates: canPay ? presentRates(input.rates) : null,
    // Decision: the balance is the plan's monthly hours plus this period's top-ups, less the hours
    // approved on the project this UTC month (DESIGN §3; the work log's month). It may go below 0.
    costs: canSeeCosts
      ? {
          pricePerMonthCents: planMonthlyPriceCents(project.paymentPlan),
          hoursPerMonth,
          topUpHours,
          balanceHours:
            hoursPerMonth === null || isPeriodOver ? null : hoursPerMonth + topUpHours - input.approvedHours,
          hourlyRateCents: project.paymentPlan === "PAY_AS_YOU_GO" ? PAY_AS_YOU_GO_CENTS_PER_HOUR : null,
        }
      : null,
    openOrders: canPay ? input.openOrders : [],
    rejectedOrder: canPay ? input.rejectedOrder : null,
    abilities: {
      canPay,
      canTopUp: canTopUp(actor, membership),
      canSeeCosts,
      canSetPlanByHand: canSetPlanByHand(actor),
      canSeeInvoices: canSeeProjectInvoices(actor, membership),
    },
  };
}
