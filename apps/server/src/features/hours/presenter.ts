import { type DesignerPayment, dailyAvailabilityOf, type ScheduleRow } from "@atelier/shared";
import type { ScheduleDesignerRow, ScheduleTaskRow } from "./repo/designers.ts";
import type { PaymentRow } from "./repo/payments.ts";

/** Money leaves the server in dollars (DESIGN §3). */
export function presentPayment(row: PaymentRow): DesignerPayment {
  return {
    id: row.id,
    userId: row.userId,
    amount: row.amountCents / 100,
    date: row.paidAt.getTime(),
    note: row.note,
    createdAt: row.createdAt.getTime(),
  };
}

export function presentScheduleRow(row: ScheduleDesignerRow, tasks: readonly ScheduleTaskRow[]): ScheduleRow {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    avatarKey: row.avatarKey,
    dailyAvailability: dailyAvailabilityOf(row.dailyAvailability),
    tasks: tasks.map((task) => ({
      id: task.id,
      projectId: task.projectId,
      projectName: task.projectName,
      title: task.title,
      status: task.status,
      createdAt: task.createdAt,
      deadline: task.deadline ?? 0,
      estimatedWork: task.estimatedWork ?? 0,
    })),
  };
}
