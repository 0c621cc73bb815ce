import { ShellLayout } from "../features/shell/index.ts";
import { RequireAuth } from "./require-auth.tsx";
import { RoleGate } from "./role-gate.tsx";

/**
 * Above every signed-in screen: the session check, the shell and the role gate. Lazy (with the
 * signed-in user's query) so the open screens' first load does not carry them.
 */
export default function SignedInLayout() {
  return (
    <RequireAuth>
      <ShellLayout>
        <RoleGate />
      </ShellLayout>
    </RequireAuth>
  );
}
