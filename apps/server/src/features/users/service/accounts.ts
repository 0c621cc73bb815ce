import { MESSAGES } from "@atelier/shared";
import { badInput, conflict } from "../../../core/errors.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { isCommonPassword } from "../../../lib/common-passwords.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { hashPassword } from "../../../lib/passwords.ts";
import {
  countActiveUsers as countActiveUserRows,
  findActiveUserByEmail,
  findActiveUserById,
  insertUser,
  type NewUserRow,
  type UserRow,
  updateUserRow,
} from "../repo/users.ts";

/** An account as these functions answer it. */
export type { UserRow };

/*
 * What other features may ask of users (through index.ts). Each takes the caller's database or
 * transaction first, so an account, a membership and a session can be made in one transaction.
 */

/** A new account's columns; `passwordHash` is already argon2id of the browser's pre-hash. */
export type NewAccount = Pick<NewUserRow, "role" | "email" | "name" | "surname" | "passwordHash"> &
  Partial<Pick<NewUserRow, "avatarKey" | "hourRateCents" | "dailyAvailability">>;

/**
 * The stored hash of a new password, wherever one is chosen (sign-up, reset, change, onboarding,
 * invite, first admin, staff-created users): 400 on `field` for one of the 100,000 most common
 * passwords. The browser sends only the password's SHA-256 (SPEC §5), so the server cannot check
 * its length, but it can know a common one by that hash (lib/common-passwords.ts).
 */
export async function hashNewPassword(preHash: string, field = "password"): Promise<string> {
  if (isCommonPassword(preHash)) throw badInput({ [field]: MESSAGES.passwordTooCommon });
  return hashPassword(preHash);
}

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
 * Every new account (sign-up, first admin, staff-created users, project flows, demo data) goes
 * through here; a taken e-mail is a 409 on `emailField`. Hash the password before opening the
 * transaction, so argon2 holds no connection.
 */
export async function createAccount(db: DbOrTx, account: NewAccount, emailField = "email"): Promise<UserRow> {
  if (await findActiveUserByEmail(db, account.email)) throw emailTaken(emailField);
  return guardUniqueEmail(() => insertUser(db, account), emailField);
}

/** The active (not removed) account with this e-mail. */
export function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return findActiveUserByEmail(db, email);
}

/** The active (not removed) account with this id. */
export function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return findActiveUserById(db, id);
}

export function countActiveUsers(db: DbOrTx): Promise<number> {
  return countActiveUserRows(db);
}

/** Replaces the password hash of an active account; undefined when the account is gone. */
export function setUserPassword(
  tx: DbOrTx,
  input: { userId: string; passwordHash: string },
): Promise<UserRow | undefined> {
  return updateUserRow(tx, input.userId, { passwordHash: input.passwordHash });
}
