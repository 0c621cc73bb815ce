import type { LoginResult } from "@atelier/shared";
import { useState } from "react";
import { useNavigate, useSearchParams } from "../../lib/router/index.ts";
import { homePathForRole, safeNextPath, startSession } from "../../lib/session.ts";

interface FinishOptions {
  ignoreNext?: boolean;
}

/**
 * After login, signup, reset or setup: store the session and go to the deep link or the role's
 * home. The query client is imported, not taken from context: login and signup run without React
 * Query's provider (app/queries-gate.tsx), and the session's user goes into the client the
 * signed-in screens will use. Resolves once the navigation is under way.
 *
 * A second-factor challenge instead of a session goes to the login screen, which asks for the
 * code: sign-up, onboarding and first-admin setup make a new account, which has no second factor
 * yet, so they would meet one only if that changed, and their screens do not carry the code step.
 * Reset and invite (existing accounts) show the code step themselves (`useSignInAnswer`).
 */
export function useFinishSignIn(): (result: LoginResult, landing?: string, options?: FinishOptions) => Promise<void> {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return async (result, landing, options) => {
    if (!("token" in result)) {
      void navigate(`/auth/login${landing ? `?next=${encodeURIComponent(landing)}` : ""}`, { replace: true });
      return;
    }
    const { queryClient } = await import("../../app/query-provider.tsx");
    startSession(queryClient, result);
    const next = options?.ignoreNext ? null : safeNextPath(searchParams.get("next"));
    void navigate(next ?? landing ?? homePathForRole(result.user.role), { replace: true });
  };
}

/** A sign-in waiting for the code step: its challenge and where the session then lands. */
export interface PendingSecondFactor extends FinishOptions {
  challenge: string;
  landing?: string | undefined;
}

/** Reset and invite: a session finishes; a challenge waits in `pending` for the screen's `CodeStep`. */
export function useSignInAnswer() {
  const finish = useFinishSignIn();
  const [pending, setPending] = useState<PendingSecondFactor | null>(null);
  return {
    pending,
    answer: (result: LoginResult, landing?: string, options?: FinishOptions) =>
      "token" in result
        ? finish(result, landing, options)
        : setPending({ challenge: result.challenge, landing, ...options }),
  };
}
