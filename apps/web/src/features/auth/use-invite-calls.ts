import type { AcceptInviteInput } from "@atelier/shared";
import { isApiError } from "../../lib/api-error.ts";
import { useCall } from "../../lib/use-call.ts";
import { useLookup } from "../../lib/use-lookup.ts";
import { loadAuthCalls } from "./load-auth-calls.ts";
import { useSignInAnswer } from "./use-finish-sign-in.ts";

// The invite screen's lookup and call, without React Query (app/queries-gate.tsx).

/** GET /auth/projectInviteKey?inviteKey: the invite's details, or null when unknown or expired. */
export function useInvite(inviteKey: string) {
  return useLookup(
    inviteKey,
    async (signal) => {
      try {
        return await (await loadAuthCalls()).inviteInfo(inviteKey, signal);
      } catch (error) {
        if (isApiError(error) && [400, 403, 404, 410, 412].includes(error.status)) return null;
        throw error;
      }
    },
    Boolean(inviteKey),
  );
}

/** POST /auth/projectInvite/accept: joins the project, starts the session (or the code step) and opens the project. */
export function useAcceptInvite() {
  const signIn = useSignInAnswer();
  const call = useCall(
    async (input: Omit<AcceptInviteInput, "password"> & { password: string }) =>
      (await loadAuthCalls()).acceptInvite(input),
    (result) => signIn.answer(result, `/project/${result.projectId}`, { ignoreNext: true }),
    { globalLoader: true },
  );
  return { ...call, secondFactor: signIn.pending };
}
