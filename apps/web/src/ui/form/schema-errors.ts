import type { z } from "zod";
import { isApiError } from "../../lib/api-error.ts";

/** Stands in for a password's SHA-256 while validating a form before the real hash is computed. */
const PASSWORD_HASH_PLACEHOLDER = "0".repeat(64);

/** A password field as the shared schema sees it before hashing: a hash stand-in, or missing. */
export function passwordForSchema(password: string): string | undefined {
  return password ? PASSWORD_HASH_PLACEHOLDER : undefined;
}

export type FieldErrors = Record<string, string>;

/**
 * Validates form values with the same zod schema the server uses and returns the first message
 * per field ("name", "email"...), or an empty object when valid.
 */
export function schemaErrors(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** The server's `fields` of a 400 answer, ready for `form.setErrors`. */
export function serverFieldErrors(error: unknown): FieldErrors {
  return isApiError(error) ? error.fields : {};
}

/** A mutation's `onError` that puts the server's field errors of a 400 answer on the form. */
export function applyServerErrors(form: { setErrors: (errors: FieldErrors) => void }): (error: unknown) => void {
  return (error) => form.setErrors(serverFieldErrors(error));
}

/** Text for an inline error alert: the server's message, or the fallback. */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.hasServerMessage ? error.message : fallback;
}

/**
 * One message per error in a form (docs/decisions/013-web-dialogs-errors-and-access.md): the form's alert shows what
 * its fields do not already say. Null when there is no error, when every field error the server
 * named sits at a field of this form, or when the session ended (the app is logging out).
 */
export function formAlertText(error: unknown, fallback: string, formFields: readonly string[]): string | null {
  if (!error) return null;
  if (isApiError(error)) {
    if (error.status === 401 && error.isAuthenticatedCall) return null;
    const named = Object.keys(error.fields);
    if (named.length > 0 && named.every((field) => formFields.includes(field))) return null;
  }
  return errorText(error, fallback);
}
