import type { OnboardCustomerInput } from "@atelier/shared";
import { useCall } from "../../lib/use-call.ts";
import { loadAuthCalls } from "./load-auth-calls.ts";
import { useFinishSignIn } from "./use-finish-sign-in.ts";

/**
 * POST /auth/onboard: a new customer's account, billing details and first project, then its
 * screen. A plain call, not a React Query mutation (app/queries-gate.tsx).
 */
export function useOnboardCustomer() {
  const finish = useFinishSignIn();
  return useCall(
    async (input: OnboardCustomerInput) => (await loadAuthCalls()).onboardCustomer(input),
    (session) => finish(session, `/project/${session.projectId}`, { ignoreNext: true }),
    { globalLoader: true },
  );
}
