import type { AdminPlanCode } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";

/**
 * The billing feature's door for a plan set by hand (admin only, never under a live Stripe
 * subscription). Billing builds on projects (access), so projects receive the door through the
 * composition (features/index.ts) instead of importing billing: decision 031.
 */
export type SetPlanByHand = (
  ctx: AppContext,
  actor: Actor,
  input: {
    project: { id: string; activeStripeSubscription: boolean };
    paymentPlan: AdminPlanCode;
    periodEnd: number | null | undefined;
    periodEndField: string;
  },
) => Promise<void>;

/** What the projects' calls run with: the app's context and billing's plan door. */
export type ProjectsContext = AppContext & { setPlanByHand: SetPlanByHand };
