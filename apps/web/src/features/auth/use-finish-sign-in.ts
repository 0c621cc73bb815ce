import type { LoginResult, Session } from "@atelier/shared";
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
 */
export function useFinishSignIn(): (session: Session, landing?: string, options?: FinishOptions) => Promise<void> {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return async (session, landing, options) => {
    const { queryClient } = await import("../../app/query-provider.tsx");
    startSession(queryClient, session);
    const next = options?.ignoreNext ? null : safeNextPath(searchParams.get("next"));
    void navigate(next ?? landing ?? homePathForRole(session.user.role), { replace: true });
  };
}

/** A sign-in waiting for the code step: its challenge and where the session then lands. */
export interface PendingSecondFactor extends FinishOptions {
  challenge: string;
  landing?: string | undefined;
}

/**
 * Every call that signs someone in (login, signup, reset, invite, onboarding, setup) answers a
 * session or, for an account with two-factor sign-in on, the challenge of the code step. This
 * finishes the one and keeps the other for the screen to show the code step (`SecondFactorGate`).
 */
export function useSignInAnswer() {
  const finish = useFinishSignIn();
  const [pending, setPending] = useState<PendingSecondFactor | null>(null);
  return {
    pending,
    answer: (result: LoginResult, landing?: string, options?: FinishOptions) => {
      if ("token" in result) return finish(result, landing, options);
      setPending({ challenge: result.challenge, landing, ...options });
      return undefined;
    },
  };
}
