import { MESSAGES, type User } from "@atelier/shared";
import { useQuery } from "@tanstack/react-query";
import { sessionKeys, useToken } from "./session.ts";
import { fetchCurrentUser } from "./session-calls.ts";

// Apart from session.ts: these hooks need React Query and the account call's schema, which the open
// screens draw without (the query client loads with the first screen that needs it:
// app/queries-gate.tsx). The call itself is imported statically, so a signed-in screen's preload
// (index.html) fetches it with the screen and the account request starts as soon as the layout runs.

/** The signed-in user (GET /auth/info), loaded once per session. */
export function useCurrentUser() {
  const token = useToken();
  return useQuery({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    meta: { errorMessage: MESSAGES.unableToAccessUserInfo },
  });
}

/** The signed-in user inside the signed-in layout (which waits for it before rendering screens). */
export function useSignedInUser(): User {
  const { data } = useCurrentUser();
  if (!data) throw new Error("useSignedInUser used outside the signed-in layout");
  return data;
}
