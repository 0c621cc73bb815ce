import type { PersonalDataSource } from "../../core/personal-data.ts";
import { listOrdersCreatedBy } from "./repo/orders.ts";
import { eraseBillingOf } from "./service/erasure.ts";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Payments: the bank transfer and BTC orders the person placed. Removal keeps them with their
 * numbers (the agency's books), placed by "Deleted user", with the open ones cancelled; the
 * Stripe customers of projects they own are deleted at Stripe by a job (service/erasure.ts). The
 * billing details on projects they own are cleared by the projects source, and a running card
 * subscription refuses removal there.
 */
export const billingPersonalData: PersonalDataSource = {
  name: "billing",
  async export(db, subject) {
    const orders = await listOrdersCreatedBy(db, subject.id);
    return {
      records: {
        payments: orders.map((order) => ({
          ...order,
          createdAt: iso(order.createdAt),
          confirmedAt: iso(order.confirmedAt),
          canceledAt: iso(order.canceledAt),
        })),
      },
    };
  },
  async erase(tx, subject, effects) {
    await eraseBillingOf(tx, subject, effects);
    return {};
  },
};
