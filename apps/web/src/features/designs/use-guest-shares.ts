import { type CreateGuestShareInput, guestSharesContract } from "@atelier/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { designKeys } from "./design-keys.ts";

/**
 * Query key of a task's review links for guests: under the task's designs key, so whatever
 * refreshes the designs (a guest's comment arriving live) refreshes who used the links too.
 */
export const guestShareKeys = {
  task: (taskId: string) => [...designKeys.task(taskId), "guest-shares"] as const,
};

/** GET …/guest-shares: the task's review links with the guests who used them. */
export function useGuestShares(projectId: string, taskId: string) {
  return useQuery({
    queryKey: guestShareKeys.task(taskId),
    queryFn: ({ signal }) => api(guestSharesContract.list, { params: { id: projectId, taskId } }, { signal }),
  });
}

export function useCreateGuestShare(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGuestShareInput) => api(guestSharesContract.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestShareKeys.task(taskId) }),
    meta: { errorMessage: "Unable to create the review link!" },
  });
}

export function useRevokeGuestShare(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { projectId: string; taskId: string; shareId: string }) =>
      api(guestSharesContract.revoke, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestShareKeys.task(taskId) }),
    meta: { errorMessage: "Unable to turn the review link off!" },
  });
}

/** The address a guest opens: the secret rides in the fragment, which browsers never send to a server. */
export function guestReviewUrl(link: string): string {
  return `${window.location.origin}/app/review#${link}`;
}
