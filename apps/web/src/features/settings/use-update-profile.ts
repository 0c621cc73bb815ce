import { profileContract, type UpdateProfileInput } from "@atelier/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { sessionKeys } from "../../lib/session.ts";
import { usersKeys } from "../users/index.ts";

/** POST /profile/update: the caller's own details; refreshes the signed-in user and user lists. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => api(profileContract.update, { body: input }),
    onSuccess: (user) => {
      queryClient.setQueryData(sessionKeys.me, user);
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    // The settings form shows the error inline (one message per error).
    meta: { handlesError: true, globalLoader: true },
  });
}
