import { MESSAGES } from "@atelier/shared";
import { conflict } from "../../../core/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { findActiveUserByEmail, insertUser, type UserRow } from "../../users/index.ts";

/**
 * A new customer account made by a project flow (staff create, invite accept, onboarding).
 * `passwordHash` is already argon2id of the browser's pre-hash: hash before opening a transaction.
 */
export async function insertCustomerAccount(
  db: DbOrTx,
  values: { email: string; name: string; surname: string; passwordHash: string },
  field = "email",
): Promise<UserRow> {
  const taken = () => conflict(MESSAGES.emailTaken, { [field]: MESSAGES.emailTaken });
  if (await findActiveUserByEmail(db, values.email)) throw taken();
  try {
    return await insertUser(db, { ...values, role: "customer" });
  } catch (error) {
    // Two sign-ups for one e-mail at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
