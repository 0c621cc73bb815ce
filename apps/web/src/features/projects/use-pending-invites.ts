import { type PendingInvite, projectsContract } from "@atelier/shared";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { projectKeys } from "./project-keys.ts";

/** GET /v3/project/{id}/invites: the pending invites the viewer may manage, by e-mail. */
export function usePendingInvites(projectId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: projectKeys.invites(projectId),
    queryFn: ({ pageParam, signal }) =>
      api(projectsContract.listInvites, { params: { id: projectId }, query: { cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
    meta: { errorMessage: "Unable to load pending invites. Try again later!" },
  });
}

/** POST /v3/project/{id}/invite/{inviteId}/resend: a new link by e-mail; the old one stops working. */
export function useResendInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: string; invite: PendingInvite }) =>
      api(projectsContract.resendInvite, { params: { id: input.projectId, inviteId: input.invite.id } }),
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: projectKeys.invites(input.projectId) }),
    meta: { errorMessage: "Unable to resend the invite. Try again later!" },
  });
}

/** DELETE /v3/project/{id}/invite/{inviteId}: the invite's link stops working. */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: string; invite: PendingInvite }) =>
      api(projectsContract.revokeInvite, { params: { id: input.projectId, inviteId: input.invite.id } }),
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: projectKeys.invites(input.projectId) }),
    meta: { errorMessage: "Unable to revoke the invite. Try again later!" },
  });
}
