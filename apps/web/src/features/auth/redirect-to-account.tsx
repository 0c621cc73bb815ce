import type { ReactNode } from "react";
import { useCurrentUser } from "../../lib/current-user.ts";
import { Navigate, useSearchParams } from "../../lib/router/index.ts";
import { homePathForRole, safeNextPath } from "../../lib/session.ts";

/** A stored session on login or signup: go to the deep link or the account's home (see redirect-signed-in.tsx). */
export default function RedirectToAccount({ children, loading }: { children: ReactNode; loading: ReactNode }) {
  const currentUser = useCurrentUser();
  const [searchParams] = useSearchParams();
  if (currentUser.data) {
    const next = safeNextPath(searchParams.get("next"));
    return <Navigate to={next ?? homePathForRole(currentUser.data.role)} replace />;
  }
  if (currentUser.isPending) return loading;
  // The account could not be loaded (a dead token logs out on its own): offer the form.
  return children;
}
