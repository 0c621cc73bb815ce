import { PASSWORD_MIN_LENGTH } from "@atelier/shared";

/**
 * The server only ever sees a SHA-256 of the password, so it cannot check its length: the
 * browser does, for every new password (signup, reset, setup, user creation, password change).
 */
export function newPasswordError(password: string): string | null {
  if (!password) return "Password is required";
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  return null;
}

/** An error when a confirmation field differs from the password it confirms. */
export function confirmMismatch(password: string, confirmation: string): string | null {
  return password === confirmation ? null : "Passwords do not match";
}
