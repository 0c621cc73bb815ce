import { useCall } from "../../lib/use-call.ts";
import { loadAuthCalls } from "./load-auth-calls.ts";

/**
 * POST /auth/emailChange/confirm: the link from the new address; `onConfirmed` gets the e-mail
 * now in use. A plain call, not a React Query mutation (app/queries-gate.tsx).
 */
export function useConfirmEmailChange(onConfirmed: (email: string) => void) {
  return useCall(
    async (token: string) => (await loadAuthCalls()).confirmEmailChange(token),
    (result) => onConfirmed(result.email),
  );
}
