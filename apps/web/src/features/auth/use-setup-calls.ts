import { useCall } from "../../lib/use-call.ts";
import { useLookup } from "../../lib/use-lookup.ts";
import type { SignupInput } from "./auth-calls.ts";
import { loadAuthCalls } from "./load-auth-calls.ts";
import { useFinishSignIn } from "./use-finish-sign-in.ts";

// The first admin's setup link and form (onboarding with ?setup=), without React Query
// (app/queries-gate.tsx).

export function useSetupValidity(setup: string) {
  return useLookup(setup, async (signal) => (await loadAuthCalls()).checkSetup(setup, signal), Boolean(setup));
}

export function useSetupAdmin() {
  const finish = useFinishSignIn();
  return useCall(
    async (input: SignupInput & { setup: string }) => (await loadAuthCalls()).setupAdmin(input),
    (session) => finish(session),
  );
}
