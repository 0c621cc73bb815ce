import type { Session } from "@atelier/shared";
import { useNavigate, useSearchParams } from "../../lib/router/index.ts";
import { homePathForRole, safeNextPath, startSession } from "../../lib/session.ts";

/**
 * After login, signup, reset or setup: store the session and go to the deep link or the role's
 * home. The query client is imported, not taken from context: login and signup run without React
 * Query's provider (app/queries-gate.tsx), and the session's user goes into the client the
 * signed-in screens will use. Resolves once the navigation is under way.
 */
export function useFinishSignIn(): (
  session: Session,
  landing?: string,
  options?: { ignoreNext?: boolean },
) => Promise<void> {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return async (session, landing, options) => {
    const { queryClient } = await import("../../app/query-provider.tsx");
    startSession(queryClient, session);
    const next = options?.ignoreNext ? null : safeNextPath(searchParams.get("next"));
    void navigate(next ?? landing ?? homePathForRole(session.user.role), { replace: true });
  };
}
