import type { PaymentPlan } from "@atelier/shared";
import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectBilling, projects, stripeEvents, users, workLog } from "../../../db/schema/index.ts";

export type ProjectBillingRow = typeof projectBilling.$inferSelect;

/** The project's billing row, or an empty one before anything was paid. */
export async function findProjectBilling(db: DbOrTx, projectId: string): Promise<ProjectBillingRow> {
  const [row] = await db.select().from(projectBilling).where(eq(projectBilling.projectId, projectId));
  return (
    row ?? {
      projectId,
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      stripePaymentMethodId: null,
      stripeStateAt: null,
      topUpHours: 0,
      topUpPeriodEnd: null,
    }
  );
}

/**
 * Hours approved on the project's tasks since `since` (the work log's entries): what the balance
 * has spent. Read here rather than through the hours feature, which builds its ledger on billing.
 */
export async function sumApprovedHoursSince(db: DbOrTx, projectId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ hours: sql<number>`coalesce(sum(${workLog.hours}), 0)::float8` })
    .from(workLog)
    .where(and(eq(workLog.projectId, projectId), gte(workLog.periodStart, since)));
  return Number(row?.hours ?? 0);
}

/**
 * Locks the billing row (creating it first) so concurrent webhooks for one project apply one
 * after another; null when no such project exists (metadata of an event is not trusted blindly).
 */
export async function lockProjectBilling(tx: DbOrTx, projectId: string): Promise<ProjectBillingRow | null> {
  const [project] = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) return null;
  await tx.insert(projectBilling).values({ projectId }).onConflictDoNothing();
  const [row] = await tx.select().from(projectBilling).where(eq(projectBilling.projectId, projectId)).for("update");
  return row ?? null;
}

export async function updateProjectBilling(
  tx: DbOrTx,
  projectId: string,
  values: Partial<Omit<ProjectBillingRow, "projectId">>,
): Promise<void> {
  await tx
    .insert(projectBilling)
    .values({ projectId, ...values })
    .onConflictDoUpdate({
      target: projectBilling.projectId,
      set: values,
    });
}

export async function findProjectIdByStripeCustomer(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ projectId: projectBilling.projectId })
    .from(projectBilling)
    .where(eq(projectBilling.stripeCustomerId, customerId));
  return row?.projectId ?? null;
}

/** The plan columns SPEC §3 shows on a project. */
export async function setProjectPlan(
  tx: DbOrTx,
  projectId: string,
  plan: { paymentPlan: PaymentPlan; periodEnd: Date | null; activeStripeSubscription: boolean },
): Promise<void> {
  await tx
    .update(projects)
    .set({
      paymentPlan: plan.paymentPlan,
      paymentPlanPeriodEnd: plan.periodEnd,
      activeStripeSubscription: plan.activeStripeSubscription,
      updatedAt: sql`now()`,
    })
    .where(eq(projects.id, projectId));
}

/**
 * Adds extra hours to the current period: hours bought for an earlier period end no longer
 * count, so they are replaced rather than added to.
 */
export async function addTopUpHours(tx: DbOrTx, projectId: string, hours: number, periodEnd: Date): Promise<void> {
  await tx
    .insert(projectBilling)
    .values({ projectId, topUpHours: hours, topUpPeriodEnd: periodEnd })
    .onConflictDoUpdate({
      target: projectBilling.projectId,
      set: {
        topUpHours: sql`case when ${projectBilling.topUpPeriodEnd} = ${periodEnd} then ${projectBilling.topUpHours} + ${hours} else ${hours} end`,
        topUpPeriodEnd: periodEnd,
      },
    });
}

/** Records a Stripe event id; false when it was recorded before (a redelivery). */
export async function recordStripeEvent(
  tx: DbOrTx,
  event: { id: string; type: string; created: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, stripeCreated: event.created })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return inserted.length > 0;
}

export async function findPlanPeriodEnd(db: DbOrTx, projectId: string): Promise<Date | null> {
  const [row] = await db
    .select({ periodEnd: projects.paymentPlanPeriodEnd })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.periodEnd ?? null;
}

/** The e-mail Stripe sends receipts to: the project owner's. */
export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/**
 * The Stripe customers of the projects a person owns: each holds the owner's e-mail and billing
 * name (card.ts saves them so), with the project's plan.
 */
export async function listOwnedStripeCustomers(db: DbOrTx, ownerId: string) {
  return db
    .select({
      projectId: projectBilling.projectId,
      customerId: projectBilling.stripeCustomerId,
      paymentPlan: projects.paymentPlan,
    })
    .from(projectBilling)
    .innerJoin(projects, eq(projects.id, projectBilling.projectId))
    .where(and(eq(projects.ownerId, ownerId), isNotNull(projectBilling.stripeCustomerId)));
}
