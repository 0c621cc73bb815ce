import { MESSAGES } from "@atelier/shared";
import { conflict } from "../../core/errors.ts";
import type { DbOrTx } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { findActiveUserByEmail, insertUser, type NewUserRow, type UserRow } from "./repo.ts";

/** The 409 for an e-mail that belongs to another active account, on the form field that holds it. */
export function emailTaken(field = "email") {
  return conflict(MESSAGES.emailTaken, { [field]: MESSAGES.emailTaken });
}

/**
 * Runs a write that stores an e-mail. A check before it can lose a race with another request;
 * the unique index then decides, and the loser gets the same 409 instead of a 500.
 */
export async function guardUniqueEmail<T>(work: () => Promise<T>, field = "email"): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(field);
    throw error;
  }
}

/**
 * Every new account (sign-up, first admin, staff-created users, project flows) goes through here.
 * `passwordHash` is already argon2id of the browser's pre-hash: hash before opening a transaction.
 */
export async function insertUserUnlessEmailTaken(db: DbOrTx, values: NewUserRow, field = "email"): Promise<UserRow> {
  if (await findActiveUserByEmail(db, values.email)) throw emailTaken(field);
  return guardUniqueEmail(() => insertUser(db, values), field);
}
