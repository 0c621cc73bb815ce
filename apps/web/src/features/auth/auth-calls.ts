import {
  type AcceptInviteInput,
  authContract,
  type OnboardCustomerInput,
  profileContract,
  projectsContract,
  twoFactorContract,
} from "@atelier/shared";
import { api } from "../../lib/api-client.ts";
import { sha256Hex } from "../../lib/sha256.ts";

// The open screens' calls. Loaded when a call is first made, not with the screens: the contracts'
// schemas (and zod) would otherwise be in the login screen's first load (docs/decisions/047-open-screens-first-load.md).

interface Credentials {
  email: string;
  password: string;
}

export interface SignupInput extends Credentials {
  name: string;
  surname: string;
}

export async function login({ email, password }: Credentials) {
  return api(authContract.login, { body: { email, password: await sha256Hex(password) } });
}

export function completeSecondFactor(input: { challenge: string; code: string }) {
  return api(twoFactorContract.completeLogin, { body: input });
}

export async function register(input: SignupInput) {
  return api(authContract.register, { body: { ...input, password: await sha256Hex(input.password) } });
}

export async function setupAdmin(input: SignupInput & { setup: string }) {
  return api(authContract.setupAdmin, { body: { ...input, password: await sha256Hex(input.password) } });
}

export function requestPasswordReset(email: string) {
  return api(authContract.requestPasswordReset, { body: { email } });
}

export async function confirmPasswordReset(input: { email: string; token: string; password: string }) {
  return api(authContract.confirmPasswordReset, { body: { ...input, password: await sha256Hex(input.password) } });
}

export function confirmEmailChange(token: string) {
  return api(profileContract.confirmEmailChange, { body: { token } });
}

export async function acceptInvite(input: Omit<AcceptInviteInput, "password"> & { password: string }) {
  return api(projectsContract.acceptInvite, { body: { ...input, password: await sha256Hex(input.password) } });
}

export async function onboardCustomer(input: OnboardCustomerInput) {
  return api(projectsContract.onboard, { body: { ...input, password: await sha256Hex(input.password) } });
}

export function checkPasswordReset(email: string, token: string, signal: AbortSignal) {
  return api(authContract.checkPasswordReset, { query: { email, token } }, { signal });
}

export function checkSetup(setup: string, signal: AbortSignal) {
  return api(authContract.checkSetup, { query: { setup } }, { signal });
}

export function inviteInfo(inviteKey: string, signal: AbortSignal) {
  return api(projectsContract.inviteInfo, { query: { inviteKey } }, { signal });
}
