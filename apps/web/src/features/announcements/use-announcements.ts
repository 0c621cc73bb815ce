import {
  type CreatePlatformNotificationInput,
  type PlatformNotification,
  platformNotificationsContract,
} from "@atelier/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { announcementKeys } from "./announcement-keys.ts";

const c = platformNotificationsContract;

/** GET /v3/platform-notification/init: what the banners show; refetched live when one is published. */
export function useAnnouncements() {
  return useQuery({
    queryKey: announcementKeys.all,
    queryFn: ({ signal }) => api(c.init, {}, { signal }),
    staleTime: 5 * 60_000,
    // Announcements are extras: a failed load shows no banner rather than an error toast.
    meta: { handlesError: true },
  });
}

/** DELETE /v3/platform-notification/{id}: the banner goes at once, and stays gone after reload. */
export function useDismissAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(c.dismiss, { params: { id } }),
    onMutate: (id) => {
      queryClient.setQueryData<{ items: PlatformNotification[] }>(announcementKeys.all, (old) =>
        old ? { items: old.items.filter((item) => item.id !== id) } : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    meta: { errorMessage: "Could not dismiss the announcement" },
  });
}

/** GET /v3/platform-notification/list (admin): every current announcement, to withdraw one. */
export function useAllAnnouncements() {
  return useQuery({
    queryKey: announcementKeys.adminList,
    queryFn: ({ signal }) => api(c.list, {}, { signal }),
  });
}

/**
 * POST /v3/platform-notification/{id}/withdraw (admin): gone for everybody. Other people's
 * banners follow through their streams; this admin's own change refreshes both lists here.
 */
export function useWithdrawAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(c.withdraw, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    meta: { errorMessage: "Could not withdraw the announcement" },
  });
}

/** POST /v3/platform-notification (admin). */
export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlatformNotificationInput) => api(c.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    meta: { errorMessage: "Could not publish the announcement" },
  });
}
