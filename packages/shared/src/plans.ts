/**
 * Paid plans (SPEC §9, DESIGN §3 and §8). Prices are integer cents; hours are the monthly
 * allowance a plan gives a project. The server stores a project's plan as one of PAYMENT_PLANS.
 */

export const BILLING_PERIODS = ["YEARLY", "MONTHLY"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const DEFAULT_BILLING_PERIOD: BillingPeriod = "YEARLY";
/** Yearly billing is advertised as this many months free. */
export const YEARLY_FREE_MONTHS = 2;

/** Codes an admin can set by hand (SPEC §9), in the order the admin selector lists them. */
export const ADMIN_PLAN_CODES = [
  "none",
  "PRO_MONTHLY",
  "PRO_YEARLY",
  "PRO_PLUS",
  "PREMIUM_MONTHLY",
  "PREMIUM_YEARLY",
  "PREMIUM",
  "DIAMOND_MONTHLY",
  "DIAMOND_YEARLY",
] as const;

/** Every value a project's `customerPaymentPlan` can hold: the admin codes plus the other legacy plans. */
export type AdminPlanCode = (typeof ADMIN_PLAN_CODES)[number];
export const PAYMENT_PLANS = [...ADMIN_PLAN_CODES, "ESSENTIAL_PLUS", "PAY_AS_YOU_GO"] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];
export const NO_PLAN: PaymentPlan = "none";

/** Flexible plan (SPEC §9): no allowance, every logged hour is billed at this rate. */
export const PAY_AS_YOU_GO_CENTS_PER_HOUR = 8000;

export const PUBLIC_PLAN_IDS = ["PRO", "PREMIUM", "DIAMOND"] as const;
export type PublicPlanId = (typeof PUBLIC_PLAN_IDS)[number];

/** SPEC §3 Plan, as the pricing dialog shows it; prices are cents per month for each billing period. */
export interface PublicPlan {
  id: PublicPlanId;
  name: string;
  description: string;
  /** a Tabler icon name the web maps to a component */
  icon: string;
  /** cents per month when billed monthly */
  pricePerMonth: number;
  /** cents per month when billed yearly (shown per month, SPEC §9) */
  pricePerYear: number;
  hoursPerMonth: number;
  badges: readonly string[];
  codes: Record<BillingPeriod, OrderPlanCode>;
}

export const PUBLIC_PLANS: readonly PublicPlan[] = [
  {
    id: "PRO",
    name: "Pro",
    description: "For a steady stream of smaller design tasks.",
    icon: "rocket",
    pricePerMonth: 3995,
    pricePerYear: 3350,
    hoursPerMonth: 60,
    badges: ["60 design hours a month", "Unlimited projects", "Dedicated designer"],
    codes: { MONTHLY: "PRO_MONTHLY", YEARLY: "PRO_YEARLY" },
  },
  {
    id: "PREMIUM",
    name: "Premium",
    description: "For teams that ship design every week.",
    icon: "crown",
    pricePerMonth: 7995,
    pricePerYear: 6650,
    hoursPerMonth: 120,
    badges: ["120 design hours a month", "Unlimited projects", "Priority support"],
    codes: { MONTHLY: "PREMIUM_MONTHLY", YEARLY: "PREMIUM_YEARLY" },
  },
  {
    id: "DIAMOND",
    name: "Diamond",
    description: "A full design team on call.",
    icon: "diamond",
    pricePerMonth: 15995,
    pricePerYear: 13250,
    hoursPerMonth: 240,
    badges: ["240 design hours a month", "Unlimited projects", "Project manager included"],
    codes: { MONTHLY: "DIAMOND_MONTHLY", YEARLY: "DIAMOND_YEARLY" },
  },
];

/** Plans no longer sold but still held by projects (SPEC §9). */
export interface LegacyPlan {
  code: PaymentPlan;
  name: string;
  /** cents per month; null for pay-as-you-go */
  pricePerMonth: number | null;
  /** null: no allowance (pay-as-you-go bills hours instead) */
  hoursPerMonth: number | null;
}

// Decision (SPEC §9 gives legacy prices but no hours): legacy allowances follow the nearest
// public plan by name, and Essential gets half of Pro.
export const LEGACY_PLANS: readonly LegacyPlan[] = [
  { code: "PREMIUM", name: "Premium", pricePerMonth: 6000, hoursPerMonth: 120 },
  { code: "PRO_PLUS", name: "Pro", pricePerMonth: 2995, hoursPerMonth: 60 },
  { code: "ESSENTIAL_PLUS", name: "Essential", pricePerMonth: 1995, hoursPerMonth: 30 },
  { code: "PAY_AS_YOU_GO", name: "Flexible", pricePerMonth: null, hoursPerMonth: null },
];

export interface PlanInfo {
  code: PaymentPlan;
  name: string;
  period: BillingPeriod | null;
  /** null for `none` and pay-as-you-go */
  hoursPerMonth: number | null;
  isLegacy: boolean;
}

/** What a stored plan code means, for labels and the hour allowance (DESIGN §3). */
export function describePlan(code: PaymentPlan): PlanInfo {
  if (code === "none") return { code, name: "No plan", period: null, hoursPerMonth: null, isLegacy: false };
  for (const plan of PUBLIC_PLANS) {
    for (const period of BILLING_PERIODS) {
      if (plan.codes[period] === code) {
        return { code, name: plan.name, period, hoursPerMonth: plan.hoursPerMonth, isLegacy: false };
      }
    }
  }
  const legacy = LEGACY_PLANS.find((plan) => plan.code === code);
  if (!legacy) throw new Error(`Unknown plan ${code}`);
  return { code, name: legacy.name, period: null, hoursPerMonth: legacy.hoursPerMonth, isLegacy: true };
}

/** Monthly hour allowance of a plan; 0 when the project has none (no plan, or pay-as-you-go). */
export function planHoursAllowance(code: PaymentPlan): number {
  return describePlan(code).hoursPerMonth ?? 0;
}

// ---------------------------------------------------------------- billing (issue 11)

/** Plans sold by card: the public plans in both periods, and Flexible (card saved, hours billed later). */
export const CARD_PLAN_CODES = [
  "PRO_MONTHLY",
  "PRO_YEARLY",
  "PREMIUM_MONTHLY",
  "PREMIUM_YEARLY",
  "DIAMOND_MONTHLY",
  "DIAMOND_YEARLY",
  "PAY_AS_YOU_GO",
] as const satisfies readonly PaymentPlan[];
export type CardPlanCode = (typeof CARD_PLAN_CODES)[number];

/** Plans a bank transfer or BTC order can buy: the public plans (Flexible needs a saved card). */
export const ORDER_PLAN_CODES = [
  "PRO_MONTHLY",
  "PRO_YEARLY",
  "PREMIUM_MONTHLY",
  "PREMIUM_YEARLY",
  "DIAMOND_MONTHLY",
  "DIAMOND_YEARLY",
] as const satisfies readonly CardPlanCode[];
export type OrderPlanCode = (typeof ORDER_PLAN_CODES)[number];

export function isOrderPlanCode(code: string): code is OrderPlanCode {
  return (ORDER_PLAN_CODES as readonly string[]).includes(code);
}

/** The public plan and period a code sells; null for `none` and legacy plans. */
export function publicPlanOf(code: PaymentPlan): { plan: PublicPlan; period: BillingPeriod } | null {
  for (const plan of PUBLIC_PLANS) {
    for (const period of BILLING_PERIODS) {
      if (plan.codes[period] === code) return { plan, period };
    }
  }
  return null;
}

/** Months one payment covers: 12 for yearly plans, else one month. */
export function planPeriodMonths(code: PaymentPlan): number {
  return publicPlanOf(code)?.period === "YEARLY" ? 12 : 1;
}

/** What one payment of a plan costs in cents: a month, or for yearly billing twelve discounted months. */
export function planChargeCents(code: OrderPlanCode): number {
  const found = publicPlanOf(code);
  if (!found) throw new Error(`${code} is not sold`);
  return found.period === "YEARLY" ? found.plan.pricePerYear * 12 : found.plan.pricePerMonth;
}

/** The monthly price a project's plan shows (per month, SPEC §9); null with no plan or pay-as-you-go. */
export function planMonthlyPriceCents(code: PaymentPlan): number | null {
  const found = publicPlanOf(code);
  if (found) return found.period === "YEARLY" ? found.plan.pricePerYear : found.plan.pricePerMonth;
  return LEGACY_PLANS.find((plan) => plan.code === code)?.pricePerMonth ?? null;
}

/** Extra hours bought for the current period (top-up), per order. */
export const TOP_UP_HOURS_MIN = 1;
export const TOP_UP_HOURS_MAX = 200;
export const TOP_UP_HOUR_CHOICES = [5, 10, 20, 40] as const;

// Decision: a top-up hour costs what an hour of the project's plan costs when billed monthly
// (monthly price / monthly hours), rounded up to the cent; Flexible and no plan cannot top up.
export function topUpPriceCents(code: PaymentPlan, hours: number): number | null {
  const hoursPerMonth = describePlan(code).hoursPerMonth;
  if (!hoursPerMonth) return null;
  const found = publicPlanOf(code);
  const monthly = found ? found.plan.pricePerMonth : (planMonthlyPriceCents(code) ?? 0);
  return Math.ceil((monthly * hours) / hoursPerMonth);
}

/** Cents as dollars for display: 3995 → "$39.95". */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
