import type { TwoFactorStatus } from "@atelier/shared";
import type { TwoFactorRow } from "./repo/secrets.ts";

/** `required` follows the caller's role; the secret and the codes themselves never leave the server. */
export function presentTwoFactorStatus(
  row: TwoFactorRow | undefined,
  required: boolean,
  recoveryCodesLeft: number,
): TwoFactorStatus {
  return {
    enabled: Boolean(row?.enabledAt),
    required,
    enabledAt: row?.enabledAt?.getTime() ?? null,
    recoveryCodesLeft,
  };
}
