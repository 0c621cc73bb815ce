import { authContract, projectsContract } from "@atelier/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { isApiError } from "../../lib/api-error.ts";

export const authKeys = {
  resetLink: (email: string, token: string) => ["auth", "reset-link", email, token] as const,
  setup: (setup: string) => ["auth", "setup", setup] as const,
  invite: (inviteKey: string) => ["auth", "invite", inviteKey] as const,
};

/** GET /auth/passwordReset?email&token → whether the link still works. */
export function useResetLinkValidity(email: string, token: string) {
  return useQuery({
    queryKey: authKeys.resetLink(email, token),
    queryFn: ({ signal }) => api(authContract.checkPasswordReset, { query: { email, token } }, { signal }),
    enabled: Boolean(email && token),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesError: true, keepAcrossSessions: true },
  });
}

export function useSetupValidity(setup: string) {
  return useQuery({
    queryKey: authKeys.setup(setup),
    queryFn: ({ signal }) => api(authContract.checkSetup, { query: { setup } }, { signal }),
    enabled: Boolean(setup),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesError: true, keepAcrossSessions: true },
  });
}

/** GET /auth/projectInviteKey?inviteKey: the invite's details, or null when unknown or expired. */
export function useInvite(inviteKey: string) {
  return useQuery({
    queryKey: authKeys.invite(inviteKey),
    queryFn: async ({ signal }) => {
      try {
        return await api(projectsContract.inviteInfo, { query: { inviteKey } }, { signal });
      } catch (error) {
        if (isApiError(error) && [400, 403, 404, 410, 412].includes(error.status)) return null;
        throw error;
      }
    },
    enabled: Boolean(inviteKey),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesError: true, keepAcrossSessions: true },
  });
}
