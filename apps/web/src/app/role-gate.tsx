import { useSignedInUser } from "../lib/current-user.ts";
import { Outlet } from "../lib/router/index.ts";
import { useRouteHandles } from "../lib/routing.ts";
import { EmptyState } from "../ui/empty-state.tsx";
import { Page } from "../ui/page.tsx";

/** Shows a screen only to the roles its route allows; others get a clear "no access" state. */
export function RoleGate() {
  const user = useSignedInUser();
  const handle = useRouteHandles().at(-1);
  if (handle?.allow && !handle.allow(user)) {
    return (
      <Page title={handle.title}>
        <EmptyState title="No access" description="Your account does not have access to this page." />
      </Page>
    );
  }
  return <Outlet />;
}
