import { PASSWORD_HASH_PLACEHOLDER } from "../../ui/form/schema-errors.ts";

/** A password field as the shared schema sees it before hashing: a hash stand-in, or missing. */
export function passwordForSchema(password: string): string | undefined {
  return password ? PASSWORD_HASH_PLACEHOLDER : undefined;
}
