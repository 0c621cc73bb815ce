import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { events, webhookDeliveries, webhookSubscriptions } from "../../../db/schema/index.ts";

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertDelivery(
  db: DbOrTx,
  values: { subscriptionId: string; eventId: number | null; eventType: string; body: string | null },
): Promise<WebhookDeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findDelivery(db: DbOrTx, id: string, subscriptionId?: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhookSubscriptions })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(
      and(
        eq(webhookDeliveries.id, id),
        subscriptionId ? eq(webhookDeliveries.subscriptionId, subscriptionId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/**
 * Takes attempt number `attempts + 1` of a pending delivery: answers the row when this run got it,
 * undefined when another run did (a redelivery and a scheduled retry queued together), so one
 * attempt reaches the receiver once.
 */
export async function claimAttempt(
  db: DbOrTx,
  input: { id: string; attempts: number; now: Date },
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: input.now,
      firstAttemptAt: sql`coalesce(${webhookDeliveries.firstAttemptAt}, ${input.now.toISOString()}::timestamptz)`,
      nextAttemptAt: null,
    })
    .where(
      and(
        eq(webhookDeliveries.id, input.id),
        eq(webhookDeliveries.attempts, input.attempts),
        eq(webhookDeliveries.state, "pending"),
      ),
    )
    .returning();
  return row;
}

export async function updateDelivery(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<WebhookDeliveryRow, "id" | "subscriptionId" | "createdAt">>,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id)).returning();
  return row;
}

/** Gives up the subscription's deliveries still waiting (it was turned off). */
export async function failPendingDeliveries(db: DbOrTx, subscriptionId: string, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ state: "failed", error, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.state, "pending")));
}

/** One keyset page (limit + 1 rows) of a subscription's deliveries, newest first. */
export async function listDeliveries(
  db: DbOrTx,
  options: { subscriptionId: string; after: { createdAtKey: string; id: string } | null; limit: number },
) {
  const { after } = options;
  return db
    .select({ delivery: webhookDeliveries, createdAtKey: timestampKey(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.subscriptionId, options.subscriptionId),
        after
          ? sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.createdAtKey}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit + 1);
}

export async function findEvent(db: DbOrTx, id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row;
}

/** A subscribable event of a unit of work, before it is numbered: `ord` joins it to its row. */
export interface WebhookEventSpec {
  ord: number;
  type: string;
  projectId: string;
}

/**
 * The webhook deliveries of a unit of work's events, as a part of the events' own statement
 * (core/events/repo.ts): one row per active subscription of the event's project or of the
 * workspace that names its type. The rows (`id`, `attempts`) come back to queue their jobs.
 */
export function webhookDeliveryParts(
  specs: readonly WebhookEventSpec[],
  written: SQL,
): Array<{ name: string; body: SQL }> {
  return [
    {
      name: "webhook_delivery_rows",
      body: sql`
        insert into ${webhookDeliveries} (subscription_id, event_id, event_type, created_at)
        select s.id, w.id, x.type, w.created_at
        from jsonb_to_recordset(${JSON.stringify(specs)}::jsonb) as x(ord int, type text, "projectId" uuid)
          join ${written} w on w.ord = x.ord
          join ${webhookSubscriptions} s on s.state = 'active'
            and (s.project_id = x."projectId" or s.project_id is null)
            and x.type = any(s.event_types)
        order by w.id, s.id
        returning id, attempts`,
    },
  ];
}
