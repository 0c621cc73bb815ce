import { useCall } from "../../lib/use-call.ts";
import type { SignupInput } from "./auth-calls.ts";
import { type PendingSecondFactor, useFinishSignIn, useSignInAnswer } from "./use-finish-sign-in.ts";

// Login (with its code step) and signup: plain calls, not React Query mutations, as these screens
// draw without React Query (app/queries-gate.tsx). The calls load with the first one made.
const calls = () => import("./auth-calls.ts");

interface Credentials {
  email: string;
  password: string;
}

/** `onSecondFactor` gets the challenge when the account has two-factor sign-in on. */
export function useLogin(onSecondFactor: (challenge: string) => void) {
  const finish = useFinishSignIn();
  return useCall(
    async (credentials: Credentials) => (await calls()).login(credentials),
    // With two-factor sign-in on, the answer is a challenge; the login screen asks for the code.
    (result) => ("token" in result ? finish(result) : onSecondFactor(result.challenge)),
  );
}

/** A new account has no second factor yet, but the answer is the same as every sign-in's. */
export function useRegister() {
  const signIn = useSignInAnswer();
  const call = useCall(
    async (input: SignupInput) => (await calls()).register(input),
    (result) => signIn.answer(result, "/projects"),
  );
  return { ...call, secondFactor: signIn.pending };
}

/** POST /auth/login/secondFactor: the code step after a right password; lands where that sign-in would have. */
export function useCompleteSecondFactor(pending: PendingSecondFactor) {
  const finish = useFinishSignIn();
  return useCall(
    async (input: { challenge: string; code: string }) => (await calls()).completeSecondFactor(input),
    (session) => finish(session, pending.landing, { ignoreNext: pending.ignoreNext ?? false }),
  );
}
