import { hoursContract, type RecordPaymentInput } from "@atelier/shared";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { usersKeys } from "./users-keys.ts";

export const hoursKeys = {
  overview: ["users", "designerOverview"] as const,
  payments: (userId: string) => ["users", "payments", userId] as const,
};

/**
 * GET /v3/project/designer/overview, page by page. It walks designers in the same order and page
 * size as the designer list (newest first, 50), so page n of both holds the same people.
 */
export function useDesignerOverview(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: hoursKeys.overview,
    queryFn: ({ pageParam, signal }) =>
      api(hoursContract.designerOverview, { query: { cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
    meta: { errorMessage: "Unable to load the designer overview. Try again later!" },
  });
}

/** GET /user/{id}/payments: the newest payments (the dialog shows the first page). */
export function usePayments(userId: string) {
  return useQuery({
    queryKey: hoursKeys.payments(userId),
    queryFn: ({ signal }) => api(hoursContract.listPayments, { params: { id: userId }, query: {} }, { signal }),
    meta: { errorMessage: "Unable to load payments. Try again later!" },
  });
}

/** POST /user/payment; refreshes the history, the overview and the user lists (debtMoney). */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecordPaymentInput) => api(hoursContract.recordPayment, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    meta: { handlesError: true, globalLoader: true },
  });
}
