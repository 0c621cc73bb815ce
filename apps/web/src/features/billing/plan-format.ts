import {
  type BillingPeriod,
  formatUsd,
  type PaymentMethod,
  type PaymentOrder,
  type PublicPlan,
  YEARLY_FREE_MONTHS,
} from "@atelier/shared";

/** Prices are shown per month (SPEC §9), for the chosen billing period. */
export function monthlyPrice(plan: PublicPlan, period: BillingPeriod): string {
  return `${formatUsd(period === "YEARLY" ? plan.pricePerYear : plan.pricePerMonth)} / month`;
}

export const PERIOD_OPTIONS: { value: BillingPeriod; label: string }[] = [
  { value: "YEARLY", label: `Yearly (${YEARLY_FREE_MONTHS} months free)` },
  { value: "MONTHLY", label: "Monthly" },
];

export function formatDate(ms: number): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(ms));
}

export function formatDateTime(ms: number): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
}

export function orderAmount(order: Pick<PaymentOrder, "payAmount" | "payCurrency">): string {
  return order.payCurrency === "EUR" ? `€${order.payAmount}` : `${order.payAmount} BTC`;
}

export const METHOD_DESCRIPTIONS: Record<PaymentMethod, string> = {
  CARD: "Pay by card through Stripe; plans renew automatically.",
  BANK_TRANSFER: "A SEPA transfer in euros; the plan starts when the money arrives.",
  BTC: "Pay in bitcoin; the plan starts when the payment is confirmed.",
};
