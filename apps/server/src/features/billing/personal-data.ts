import type { PersonalDataSource } from "../../core/personal-data.ts";
import { listOrdersCreatedBy } from "./repo/orders.ts";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * Payments: the bank transfer and BTC orders the person placed. Removal keeps them with their
 * numbers (the agency's books), placed by "Deleted user"; the billing details on projects they own
 * are cleared by the projects source, and a running card subscription refuses removal there.
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
  async erase() {
    return {};
  },
};
