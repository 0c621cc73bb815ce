import { MESSAGES, portfolioContract, privacyContract, twoFactorContract } from "@atelier/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

export const privacyKeys = {
  all: ["privacy"] as const,
  twoFactor: ["privacy", "twoFactor"] as const,
  devices: ["privacy", "devices"] as const,
  export: ["privacy", "export"] as const,
  portfolio: ["privacy", "portfolio"] as const,
  shots: (userId: string) => ["privacy", "shots", userId] as const,
};

/** SPEC §9: the zip poll interval, used for the data export too. */
const EXPORT_POLL_MS = 1000;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: privacyKeys.twoFactor,
    queryFn: ({ signal }) => api(twoFactorContract.status, {}, { signal }),
  });
}

export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: () => api(twoFactorContract.setup) });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(twoFactorContract.enable, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.twoFactor }),
    meta: { handlesError: true },
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(twoFactorContract.disable, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.twoFactor }),
    meta: { handlesError: true },
  });
}

export function useDevices() {
  return useQuery({
    queryKey: privacyKeys.devices,
    queryFn: ({ signal }) => api(privacyContract.listSessions, {}, { signal }),
  });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(privacyContract.revokeSession, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.devices }),
  });
}

/** The latest export, polled every second while it is being built. */
export function useLatestExport() {
  return useQuery({
    queryKey: privacyKeys.export,
    queryFn: ({ signal }) => api(privacyContract.latestExport, {}, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.export?.status;
      return status === "queued" || status === "running" ? EXPORT_POLL_MS : false;
    },
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(privacyContract.startExport),
    onSuccess: (started) => queryClient.setQueryData(privacyKeys.export, { export: started }),
  });
}

/** SPEC §7 gdprRequest; a failed call shows SPEC's 'Unable delete your identity'. */
export function useGdprRequest() {
  return useMutation({
    mutationFn: () => api(privacyContract.gdprRequest),
    meta: { errorMessage: MESSAGES.unableToDeleteIdentity, globalLoader: true },
  });
}

export function usePortfolioStatus(enabled: boolean) {
  return useQuery({
    queryKey: privacyKeys.portfolio,
    queryFn: ({ signal }) => api(portfolioContract.status, {}, { signal }),
    enabled,
  });
}

export function useConnectPortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accessToken: string) => api(portfolioContract.connect, { body: { accessToken } }),
    onSuccess: (status) => queryClient.setQueryData(privacyKeys.portfolio, status),
    meta: { handlesError: true },
  });
}

export function useDisconnectPortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(portfolioContract.disconnect),
    onSuccess: (status) => queryClient.setQueryData(privacyKeys.portfolio, status),
  });
}

/** A designer's shots; the server answers an empty list when the portfolio service fails. */
export function useDesignerShots(userId: string) {
  return useQuery({
    queryKey: privacyKeys.shots(userId),
    queryFn: ({ signal }) => api(portfolioContract.shots, { params: { id: userId } }, { signal }),
    staleTime: 5 * 60_000,
  });
}
