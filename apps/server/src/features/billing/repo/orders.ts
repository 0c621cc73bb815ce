import type { OrderStatus } from "@atelier/shared";
import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { exchangeRates, paymentOrders, projects } from "../../../db/schema/index.ts";

export type OrderRow = typeof paymentOrders.$inferSelect;
export type NewOrderRow = typeof paymentOrders.$inferInsert;

const orderFields = {
  order: paymentOrders,
  projectName: projects.name,
  rate: exchangeRates,
  createdAtKey: timestampKey(paymentOrders.createdAt),
};

function selectOrders(db: DbOrTx) {
  return db
    .select(orderFields)
    .from(paymentOrders)
    .innerJoin(projects, eq(projects.id, paymentOrders.projectId))
    .innerJoin(exchangeRates, eq(exchangeRates.id, paymentOrders.rateId))
    .$dynamic();
}

export type OrderWithRate = Awaited<ReturnType<typeof findOrder>> & {};

export async function insertOrder(tx: DbOrTx, values: NewOrderRow): Promise<OrderRow> {
  const [row] = await tx.insert(paymentOrders).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findOrder(db: DbOrTx, orderId: string, options: { forUpdate?: boolean } = {}) {
  const query = selectOrders(db).where(eq(paymentOrders.id, orderId));
  const [row] = options.forUpdate ? await query.for("update", { of: paymentOrders }) : await query;
  return row ?? null;
}

export async function listOpenProjectOrders(db: DbOrTx, projectId: string) {
  return selectOrders(db)
    .where(and(eq(paymentOrders.projectId, projectId), eq(paymentOrders.status, "OPEN")))
    .orderBy(paymentOrders.createdAt, paymentOrders.id);
}

/** The project's newest order, whatever its status (payment_orders_project_created_idx). */
export async function findLatestProjectOrder(db: DbOrTx, projectId: string) {
  const [row] = await selectOrders(db)
    .where(eq(paymentOrders.projectId, projectId))
    .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
    .limit(1);
  return row ?? null;
}

/** Whether the project has an open order now (read under the caller's transaction). */
export async function hasOpenProjectOrder(tx: DbOrTx, projectId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.projectId, projectId), eq(paymentOrders.status, "OPEN")))
    .limit(1);
  return row !== undefined;
}

/** One keyset page (limit + 1 rows) of orders in one status, oldest first (the admin works the queue from the top). */
export async function listOrdersByStatus(
  db: DbOrTx,
  options: { status: OrderStatus; after: { createdAtKey: string; id: string } | null; limit: number },
) {
  const after: SQL | undefined = options.after
    ? sql`(${paymentOrders.createdAt}, ${paymentOrders.id}) > (${options.after.createdAtKey}::timestamptz, ${options.after.id}::uuid)`
    : undefined;
  return selectOrders(db)
    .where(and(eq(paymentOrders.status, options.status), after))
    .orderBy(paymentOrders.createdAt, paymentOrders.id)
    .limit(options.limit + 1);
}

export async function setOrderStatus(
  tx: DbOrTx,
  orderId: string,
  values: Pick<
    Partial<OrderRow>,
    "status" | "confirmedAt" | "confirmedById" | "canceledAt" | "rejectedAt" | "rejectedById" | "rejectionReason"
  >,
): Promise<void> {
  await tx.update(paymentOrders).set(values).where(eq(paymentOrders.id, orderId));
}

/** Payment orders the person placed (for their data export), oldest first. */
export async function listOrdersCreatedBy(db: DbOrTx, userId: string) {
  return db
    .select({
      id: paymentOrders.id,
      projectId: paymentOrders.projectId,
      reference: paymentOrders.reference,
      method: paymentOrders.method,
      kind: paymentOrders.kind,
      paymentPlan: paymentOrders.paymentPlan,
      hours: paymentOrders.hours,
      amountCents: paymentOrders.amountCents,
      payCurrency: paymentOrders.payCurrency,
      payAmount: paymentOrders.payAmount,
      status: paymentOrders.status,
      createdAt: paymentOrders.createdAt,
      confirmedAt: paymentOrders.confirmedAt,
      canceledAt: paymentOrders.canceledAt,
    })
    .from(paymentOrders)
    .where(eq(paymentOrders.createdById, userId))
    .orderBy(asc(paymentOrders.createdAt), asc(paymentOrders.id));
}

/**
 * Cancels the open orders a removed person would have paid: those they placed and those of the
 * projects they own. Answers the cancelled orders' ids and projects.
 */
export async function cancelOpenOrdersOf(tx: DbOrTx, userId: string) {
  const owned = tx.select({ id: projects.id }).from(projects).where(eq(projects.ownerId, userId));
  return tx
    .update(paymentOrders)
    .set({ status: "CANCELED", canceledAt: new Date() })
    .where(
      and(
        eq(paymentOrders.status, "OPEN"),
        or(eq(paymentOrders.createdById, userId), inArray(paymentOrders.projectId, owned)),
      ),
    )
    .returning({ id: paymentOrders.id, projectId: paymentOrders.projectId });
}
