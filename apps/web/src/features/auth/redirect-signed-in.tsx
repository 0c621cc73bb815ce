import { Center, Loader } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { useToken } from "../../lib/session.ts";

// Only with a stored session: it asks who is signed in, through React Query, which the login and
// signup screens otherwise draw without (app/queries-gate.tsx).
const RedirectToAccount = lazy(() => import("./redirect-to-account.tsx"));

function LoadingAccount() {
  return (
    <Center h="100vh" role="status" aria-label="Loading your account">
      <Loader />
    </Center>
  );
}

/**
 * Login and signup are for signed-out people: someone signed in who opens them goes to the deep
 * link they carry, or to their landing route (SPEC §2), instead of seeing a form for another account.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const token = useToken();
  if (!token) return children;
  return (
    <Suspense fallback={<LoadingAccount />}>
      <RedirectToAccount loading={<LoadingAccount />}>{children}</RedirectToAccount>
    </Suspense>
  );
}
