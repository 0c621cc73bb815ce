import { type CustomerSummary, DEFAULT_DAILY_AVAILABILITY, type User } from "@atelier/shared";
import type { UserRow } from "./repo/users.ts";

/** SPEC §3 User: money in dollars, never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    role: row.role,
    avatarKey: row.avatarKey,
    hourRate: row.hourRateCents / 100,
    dailyAvailability: row.dailyAvailability ?? (row.role === "designer" ? DEFAULT_DAILY_AVAILABILITY : 0),
    taskSortType: row.taskSortType,
    debtMoney: row.debtCents / 100,
    createdAt: row.createdAt.getTime(),
  };
}

/** What a staff picker needs to recognise a customer. */
export function presentCustomerSummary(row: UserRow): CustomerSummary {
  return { id: row.id, name: row.name, surname: row.surname, email: row.email };
}
