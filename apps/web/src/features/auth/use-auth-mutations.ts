import type { AcceptInviteInput, OnboardCustomerInput } from "@atelier/shared";
import { useCall } from "../../lib/use-call.ts";
import type { SignupInput } from "./auth-calls.ts";
import { useFinishSignIn, useSignInAnswer } from "./use-finish-sign-in.ts";

// Plain calls, not React Query mutations: the open screens draw and send without React Query
// (app/queries-gate.tsx); each shows its own errors. The calls load with the first one made.
// Each that signs in answers a session or, with two-factor sign-in on, the code step's challenge.
const calls = () => import("./auth-calls.ts");

export function useSetupAdmin() {
  const finish = useFinishSignIn();
  return useCall(
    async (input: SignupInput & { setup: string }) => (await calls()).setupAdmin(input),
    (session) => finish(session),
  );
}

export function useRequestPasswordReset() {
  return useCall(
    async (email: string) => (await calls()).requestPasswordReset(email),
    () => undefined,
  );
}

/** The new password is set either way; with two-factor sign-in on, the code step follows. */
export function useConfirmPasswordReset() {
  const signIn = useSignInAnswer();
  const call = useCall(
    async (input: { email: string; token: string; password: string }) => (await calls()).confirmPasswordReset(input),
    (result) => signIn.answer(result),
  );
  return { ...call, secondFactor: signIn.pending };
}

/** POST /auth/emailChange/confirm: the link from the new address; `onConfirmed` gets the e-mail now in use. */
export function useConfirmEmailChange(onConfirmed: (email: string) => void) {
  return useCall(
    async (token: string) => (await calls()).confirmEmailChange(token),
    (result) => onConfirmed(result.email),
  );
}

/** POST /auth/projectInvite/accept: joins the project, starts the session (or the code step) and opens the project. */
export function useAcceptInvite() {
  const signIn = useSignInAnswer();
  const call = useCall(
    async (input: Omit<AcceptInviteInput, "password"> & { password: string }) => (await calls()).acceptInvite(input),
    (result) => signIn.answer(result, `/project/${result.projectId}`, { ignoreNext: true }),
    { globalLoader: true },
  );
  return { ...call, secondFactor: signIn.pending };
}

/** POST /auth/onboard: a new customer's account, billing details and first project, then its screen. */
export function useOnboardCustomer() {
  const finish = useFinishSignIn();
  return useCall(
    async (input: OnboardCustomerInput) => (await calls()).onboardCustomer(input),
    (session) => finish(session, `/project/${session.projectId}`, { ignoreNext: true }),
    { globalLoader: true },
  );
}
