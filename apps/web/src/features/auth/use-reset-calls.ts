import { useCall } from "../../lib/use-call.ts";
import { useLookup } from "../../lib/use-lookup.ts";
import { loadAuthCalls } from "./load-auth-calls.ts";
import { useSignInAnswer } from "./use-finish-sign-in.ts";

// The reset screen's calls: plain calls and lookups, not React Query, as the open screens draw
// and send without it (app/queries-gate.tsx); each shows its own errors.

export function useRequestPasswordReset() {
  return useCall(
    async (email: string) => (await loadAuthCalls()).requestPasswordReset(email),
    () => undefined,
  );
}

/** GET /auth/passwordReset?email&token → whether the link still works. */
export function useResetLinkValidity(email: string, token: string) {
  return useLookup(
    JSON.stringify([email, token]),
    async (signal) => (await loadAuthCalls()).checkPasswordReset(email, token, signal),
    Boolean(email && token),
  );
}

/** The new password is set either way; with two-factor sign-in on, the code step follows. */
export function useConfirmPasswordReset() {
  const signIn = useSignInAnswer();
  const call = useCall(
    async (input: { email: string; token: string; password: string }) =>
      (await loadAuthCalls()).confirmPasswordReset(input),
    (result) => signIn.answer(result),
  );
  return { ...call, secondFactor: signIn.pending };
}
