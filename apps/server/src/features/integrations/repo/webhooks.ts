import type { WebhookEventType } from "@atelier/shared";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, users, webhookSubscriptions } from "../../../db/schema/index.ts";

export type WebhookRow = typeof webhookSubscriptions.$inferSelect;

export async function insertWebhook(
  db: DbOrTx,
  values: {
    projectId: string | null;
    createdBy: string;
    url: string;
    description: string;
    eventTypes: WebhookEventType[];
    secretSealed: string;
  },
): Promise<WebhookRow> {
  const [row] = await db.insert(webhookSubscriptions).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

const inScope = (projectId: string | null) =>
  projectId === null ? isNull(webhookSubscriptions.projectId) : eq(webhookSubscriptions.projectId, projectId);

/** A scope's subscriptions (the workspace's when `projectId` is null), oldest first (few: WEBHOOKS_PER_SCOPE). */
export async function listWebhooks(db: DbOrTx, projectId: string | null): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhookSubscriptions)
    .where(inScope(projectId))
    .orderBy(webhookSubscriptions.createdAt, webhookSubscriptions.id);
}

export async function countWebhooks(db: DbOrTx, projectId: string | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookSubscriptions).where(inScope(projectId));
  return row?.n ?? 0;
}

export async function findWebhook(db: DbOrTx, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).limit(1);
  return row;
}

export async function updateWebhook(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<WebhookRow, "url" | "description" | "eventTypes" | "state" | "failingSince">>,
): Promise<WebhookRow | undefined> {
  const [row] = await db.update(webhookSubscriptions).set(values).where(eq(webhookSubscriptions.id, id)).returning();
  return row;
}

export async function deleteWebhook(db: DbOrTx, id: string): Promise<void> {
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
}

/** The subscriber as deliveries see them: their platform role now, and their place on the project. */
export async function findSubscriber(db: DbOrTx, userId: string, projectId: string | null) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      projectRole: projectMembers.projectRole,
      active: projectMembers.active,
    })
    .from(users)
    .leftJoin(
      projectMembers,
      and(
        eq(projectMembers.userId, users.id),
        projectId === null ? sql`false` : eq(projectMembers.projectId, projectId),
      ),
    )
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** A person's subscriptions, for the export of their data. */
export async function listUserWebhooks(db: DbOrTx, userId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.createdBy, userId))
    .orderBy(desc(webhookSubscriptions.createdAt));
}

export async function deleteUserWebhooks(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(webhookSubscriptions).where(eq(webhookSubscriptions.createdBy, userId));
}
