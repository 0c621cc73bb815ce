import { apiTokensContract, type CalendarFeedKind, type CreateApiTokenInput, calendarContract } from "@atelier/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

export const integrationKeys = {
  all: ["integrations"] as const,
  tokens: ["integrations", "tokens"] as const,
  everyToken: ["integrations", "everyToken"] as const,
  calendar: ["integrations", "calendar"] as const,
};

export function useApiTokens() {
  return useQuery({
    queryKey: integrationKeys.tokens,
    queryFn: ({ signal }) => api(apiTokensContract.list, {}, { signal }),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenInput) => api(apiTokensContract.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
    meta: { handlesError: true },
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; asAdmin: boolean }) =>
      api(input.asAdmin ? apiTokensContract.adminRevoke : apiTokensContract.revoke, { params: { id: input.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
}

/** Everyone's tokens (admin): the first page, the newest. */
export function useEveryApiToken(enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.everyToken,
    queryFn: ({ signal }) => api(apiTokensContract.adminList, { query: { limit: 50 } }, { signal }),
    enabled,
  });
}

export function useCalendarFeeds() {
  return useQuery({
    queryKey: integrationKeys.calendar,
    queryFn: ({ signal }) => api(calendarContract.list, {}, { signal }),
  });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: CalendarFeedKind) => api(calendarContract.create, { params: { kind } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.calendar }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: CalendarFeedKind) => api(calendarContract.revoke, { params: { kind } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.calendar }),
  });
}
