import { Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { homePathForRole, safeNextPath, useCurrentUser, useToken } from "../../lib/session.ts";

/**
 * Login and signup are for signed-out people: someone signed in who opens them goes to the deep
 * link they carry, or to their landing route (SPEC §2), instead of seeing a form for another account.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const token = useToken();
  const currentUser = useCurrentUser();
  const [searchParams] = useSearchParams();
  if (!token) return children;
  if (currentUser.data) {
    const next = safeNextPath(searchParams.get("next"));
    return <Navigate to={next ?? homePathForRole(currentUser.data.role)} replace />;
  }
  if (currentUser.isPending) {
    return (
      <Center h="100vh" role="status" aria-label="Loading your account">
        <Loader />
      </Center>
    );
  }
  // The account could not be loaded (a dead token logs out on its own): offer the form.
  return children;
}
