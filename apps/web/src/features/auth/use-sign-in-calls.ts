import { useCall } from "../../lib/use-call.ts";
import type { SignupInput } from "./auth-calls.ts";
import { loadAuthCalls } from "./load-auth-calls.ts";
import { useFinishSignIn } from "./use-finish-sign-in.ts";

// Login and signup: plain calls, not React Query mutations, as these screens draw without React
// Query (app/queries-gate.tsx). The calls load with the first one made; the code step has its own
// call, in its lazy module (second-factor-step.tsx).

interface Credentials {
  email: string;
  password: string;
}

/** `onSecondFactor` gets the challenge when the account has two-factor sign-in on. */
export function useLogin(onSecondFactor: (challenge: string) => void) {
  const finish = useFinishSignIn();
  return useCall(
    async (credentials: Credentials) => (await loadAuthCalls()).login(credentials),
    // With two-factor sign-in on, the answer is a challenge; the login screen asks for the code.
    (result) => ("token" in result ? finish(result) : onSecondFactor(result.challenge)),
  );
}

export function useRegister() {
  const finish = useFinishSignIn();
  return useCall(
    async (input: SignupInput) => (await loadAuthCalls()).register(input),
    (session) => finish(session, "/projects"),
  );
}
