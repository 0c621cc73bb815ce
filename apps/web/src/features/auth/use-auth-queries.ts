import { isApiError } from "../../lib/api-error.ts";
import { useLookup } from "../../lib/use-lookup.ts";

// The open screens read their links without React Query (app/queries-gate.tsx). The calls load
// with the first one made (see auth-calls.ts).
const calls = () => import("./auth-calls.ts");

/** GET /auth/passwordReset?email&token → whether the link still works. */
export function useResetLinkValidity(email: string, token: string) {
  return useLookup(
    JSON.stringify([email, token]),
    async (signal) => (await calls()).checkPasswordReset(email, token, signal),
    Boolean(email && token),
  );
}

export function useSetupValidity(setup: string) {
  return useLookup(setup, async (signal) => (await calls()).checkSetup(setup, signal), Boolean(setup));
}

/** GET /auth/projectInviteKey?inviteKey: the invite's details, or null when unknown or expired. */
export function useInvite(inviteKey: string) {
  return useLookup(
    inviteKey,
    async (signal) => {
      try {
        return await (await calls()).inviteInfo(inviteKey, signal);
      } catch (error) {
        if (isApiError(error) && [400, 403, 404, 410, 412].includes(error.status)) return null;
        throw error;
      }
    },
    Boolean(inviteKey),
  );
}
