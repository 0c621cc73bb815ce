import { canSetPlanByHand } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { changePlan } from "./plan.ts";

/**
 * The demo workspace's pay-as-you-go project. The real door is a card saved through Stripe
 * (`confirm-pay-as-you-go-plan`), which a demo without Stripe cannot pass; this sets the same
 * plan through the one place plans change, with its event, as an admin's act. Only the demo
 * calls it (docs/decisions/026-demo-workspace.md).
 */
export async function startDemoPayAsYouGo(
  ctx: AppContext,
  actor: Pick<Actor, "id" | "role">,
  projectId: string,
): Promise<void> {
  if (!canSetPlanByHand(actor)) throw forbidden();
  await withTransaction(ctx, (tx, emit) =>
    changePlan(tx, emit, {
      projectId,
      actorId: actor.id,
      paymentPlan: "PAY_AS_YOU_GO",
      periodEnd: null,
      activeStripeSubscription: false,
    }),
  );
}
