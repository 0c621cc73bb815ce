import { type EndpointInput, reviewRoundsContract, type TaskReviewRounds } from "@atelier/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { designKeys } from "./design-keys.ts";

type Body<E extends keyof typeof reviewRoundsContract> =
  EndpointInput<(typeof reviewRoundsContract)[E]> extends { body: infer B } ? B : never;

/** GET /v3/project/{id}/task/{taskId}/review-rounds: the task's rounds, newest first. */
export function useReviewRounds(projectId: string, taskId: string) {
  return useQuery({
    queryKey: designKeys.rounds(taskId),
    queryFn: ({ signal }) => api(reviewRoundsContract.list, { params: { id: projectId, taskId } }, { signal }),
  });
}

/**
 * A round call answers the task's rounds: keep that copy. A decision may approve the task or send
 * it back, so the task's own queries (its status, the board) refresh too; the tasks feature's keys
 * all start with "tasks" (importing its key factory would cross features outside their index).
 */
function useRoundChange<Input>(
  taskId: string,
  call: (input: Input) => Promise<TaskReviewRounds>,
  errorMessage: string | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (rounds) => {
      queryClient.setQueryData(designKeys.rounds(taskId), rounds);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: designKeys.task(taskId), exact: true }),
        queryClient.invalidateQueries({ queryKey: ["tasks"] }),
      ]);
    },
    // null: the dialog shows the error in its form (one message per error, decision 013).
    meta: errorMessage === null ? { handlesError: true } : { errorMessage },
  });
}

export const useSendReviewRound = (taskId: string) =>
  useRoundChange(taskId, (body: Body<"send">) => api(reviewRoundsContract.send, { body }), null);

export const useDecideInReviewRound = (taskId: string) =>
  useRoundChange(
    taskId,
    (body: Body<"decide">) => api(reviewRoundsContract.decide, { body }),
    "Unable to send your decision. Try again later!",
  );

export const useCancelReviewRound = (taskId: string) =>
  useRoundChange(
    taskId,
    (body: Body<"cancel">) => api(reviewRoundsContract.cancel, { body }),
    "Unable to cancel the review round. Try again later!",
  );
