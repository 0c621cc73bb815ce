import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { designerPayments, workLog } from "../../../db/schema/index.ts";

/** A person's work-log entries and the payments recorded to them, oldest first (their export). */
export async function listPersonalHours(db: DbOrTx, userId: string) {
  const [entries, payments] = await Promise.all([
    db
      .select({
        projectName: workLog.projectName,
        periodStart: workLog.periodStart,
        approvedAt: workLog.approvedAt,
        hours: workLog.hours,
        hourRateCents: workLog.hourRateCents,
        amountCents: workLog.amountCents,
      })
      .from(workLog)
      .where(eq(workLog.designerId, userId))
      .orderBy(workLog.approvedAt),
    db
      .select({
        amountCents: designerPayments.amountCents,
        paidAt: designerPayments.paidAt,
        note: designerPayments.note,
      })
      .from(designerPayments)
      .where(eq(designerPayments.userId, userId))
      .orderBy(designerPayments.paidAt),
  ]);
  return { entries, payments };
}

/** Payment notes are free text an admin wrote about the person: blanked on removal. */
export async function blankPaymentNotes(tx: DbOrTx, userId: string): Promise<void> {
  await tx.update(designerPayments).set({ note: "" }).where(eq(designerPayments.userId, userId));
}
