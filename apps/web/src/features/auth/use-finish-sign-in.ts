import type { Session } from "@atelier/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { homePathForRole, safeNextPath, startSession } from "../../lib/session.ts";

/** After login, signup, reset or setup: store the session and go to the deep link or the role's home. */
export function useFinishSignIn(): (session: Session, landing?: string, options?: { ignoreNext?: boolean }) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (session, landing, options) => {
    startSession(queryClient, session);
    const next = options?.ignoreNext ? null : safeNextPath(searchParams.get("next"));
    void navigate(next ?? landing ?? homePathForRole(session.user.role), { replace: true });
  };
}
