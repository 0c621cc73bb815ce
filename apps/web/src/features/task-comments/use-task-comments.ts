import { type EndpointInput, type TaskConversation, taskCommentsContract } from "@atelier/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { taskCommentKeys } from "./task-comment-keys.ts";

type Body<E extends keyof typeof taskCommentsContract> =
  EndpointInput<(typeof taskCommentsContract)[E]> extends { body: infer B } ? B : never;

/** GET /v3/project/{id}/task/{taskId}/comments: the threads, who may be mentioned, whether one may write. */
export function useTaskConversation(projectId: string, taskId: string) {
  return useQuery({
    queryKey: taskCommentKeys.task(taskId),
    queryFn: ({ signal }) => api(taskCommentsContract.get, { params: { id: projectId, taskId } }, { signal }),
  });
}

/** A conversation call: the conversation is refetched (other people's replies may have come too). */
function useConversationChange<Input>(taskId: string, call: (input: Input) => Promise<unknown>, errorMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskCommentKeys.task(taskId) }),
    meta: { errorMessage },
  });
}

export const useAddTaskComment = (taskId: string) =>
  useConversationChange(
    taskId,
    (body: Body<"add">) => api(taskCommentsContract.add, { body }),
    "Unable to add comment!",
  );

export const useReplyTaskComment = (taskId: string) =>
  useConversationChange(
    taskId,
    (body: Body<"reply">) => api(taskCommentsContract.reply, { body }),
    "Unable to add reply!",
  );

export const useEditTaskComment = (taskId: string) =>
  useConversationChange(
    taskId,
    (body: Body<"edit">) => api(taskCommentsContract.edit, { body }),
    "Unable to edit comment!",
  );

export const useRemoveTaskComment = (taskId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<"remove">) => api(taskCommentsContract.remove, { body }),
    // Gone at once for the remover: no refetch needed to drop it from the list.
    onSuccess: (_answer, body) => {
      queryClient.setQueryData<TaskConversation>(taskCommentKeys.task(taskId), (old) =>
        old
          ? {
              ...old,
              threads: old.threads
                .filter((thread) => thread.id !== body.commentId)
                .map((thread) => ({
                  ...thread,
                  replies: thread.replies.filter((reply) => reply.id !== body.commentId),
                })),
            }
          : old,
      );
      return queryClient.invalidateQueries({ queryKey: taskCommentKeys.task(taskId) });
    },
    meta: { errorMessage: "Unable to remove comment!" },
  });
};
