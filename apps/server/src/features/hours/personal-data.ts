import type { PersonalDataSource } from "../../core/personal-data.ts";
import { blankPaymentNotes, listPersonalHours } from "./repo/personal-data.ts";

/**
 * Hours and money: a designer's work-log entries and the payments recorded to them. Removal keeps
 * both with their numbers (the agency's books; what was earned and paid stays so), attributed to
 * "Deleted user", and blanks the payments' notes (free text about the person).
 */
export const hoursPersonalData: PersonalDataSource = {
  name: "hours",
  async export(db, subject) {
    const { entries, payments } = await listPersonalHours(db, subject.id);
    return {
      records: {
        workLog: entries.map((entry) => ({
          ...entry,
          periodStart: entry.periodStart.toISOString(),
          approvedAt: entry.approvedAt.toISOString(),
        })),
        paymentsReceived: payments.map((payment) => ({ ...payment, paidAt: payment.paidAt.toISOString() })),
      },
    };
  },
  async erase(tx, subject) {
    await blankPaymentNotes(tx, subject.id);
    return {};
  },
};
