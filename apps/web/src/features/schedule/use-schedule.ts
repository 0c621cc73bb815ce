import { hoursContract } from "@atelier/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

/** GET /v3/schedule for a range: a designer's own row, or every designer page by page for staff. */
export function useSchedule(range: { from: number; to: number }) {
  return useInfiniteQuery({
    queryKey: ["schedule", range.from, range.to] as const,
    queryFn: ({ pageParam, signal }) =>
      api(hoursContract.schedule, { query: { ...range, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: "Unable to load the schedule. Try again later!" },
  });
}
