import { type AcceptInviteInput, authContract, type OnboardCustomerInput, projectsContract } from "@atelier/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { sha256Hex } from "../../lib/sha256.ts";
import { useFinishSignIn } from "./use-finish-sign-in.ts";

interface Credentials {
  email: string;
  password: string;
}

/** `onSecondFactor` gets the challenge when the account has two-factor sign-in on. */
export function useLogin(onSecondFactor: (challenge: string) => void) {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async ({ email, password }: Credentials) =>
      api(authContract.login, { body: { email, password: await sha256Hex(password) } }),
    // With two-factor sign-in on, the answer is a challenge; the login screen asks for the code.
    onSuccess: (result) => {
      if ("token" in result) finish(result);
      else onSecondFactor(result.challenge);
    },
    meta: { handlesError: true },
  });
}

interface SignupInput extends Credentials {
  name: string;
  surname: string;
}

export function useRegister() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async (input: SignupInput) =>
      api(authContract.register, { body: { ...input, password: await sha256Hex(input.password) } }),
    onSuccess: (session) => finish(session, "/projects"),
    meta: { handlesError: true },
  });
}

export function useSetupAdmin() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async (input: SignupInput & { setup: string }) =>
      api(authContract.setupAdmin, { body: { ...input, password: await sha256Hex(input.password) } }),
    onSuccess: (session) => finish(session),
    meta: { handlesError: true },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => api(authContract.requestPasswordReset, { body: { email } }),
    meta: { handlesError: true },
  });
}

export function useConfirmPasswordReset() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async (input: { email: string; token: string; password: string }) =>
      api(authContract.confirmPasswordReset, { body: { ...input, password: await sha256Hex(input.password) } }),
    onSuccess: (session) => finish(session),
    meta: { handlesError: true },
  });
}

/** POST /auth/projectInvite/accept: joins the project, starts the session and opens the project. */
export function useAcceptInvite() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async (input: Omit<AcceptInviteInput, "password"> & { password: string }) =>
      api(projectsContract.acceptInvite, { body: { ...input, password: await sha256Hex(input.password) } }),
    onSuccess: (session) => finish(session, `/project/${session.projectId}`, { ignoreNext: true }),
    meta: { handlesError: true, globalLoader: true },
  });
}

/** POST /auth/onboard: a new customer's account, billing details and first project, then its screen. */
export function useOnboardCustomer() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async (input: OnboardCustomerInput) =>
      api(projectsContract.onboard, { body: { ...input, password: await sha256Hex(input.password) } }),
    onSuccess: (session) => finish(session, `/project/${session.projectId}`, { ignoreNext: true }),
    meta: { handlesError: true, globalLoader: true },
  });
}
