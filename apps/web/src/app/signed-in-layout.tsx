import { ShellLayout } from "../features/shell/index.ts";
import { ModalHost } from "../ui/modal-host.tsx";
import { RequireAuth } from "./require-auth.tsx";
import { RoleGate } from "./role-gate.tsx";

/**
 * Above every signed-in screen: the dialog host (around the page: only signed-in screens open
 * dialogs), the session check, the shell and the role gate. Lazy (with the signed-in user's query)
 * so the open screens' first load does not carry them.
 */
export default function SignedInLayout() {
  return (
    <ModalHost>
      <RequireAuth>
        <ShellLayout>
          <RoleGate />
        </ShellLayout>
      </RequireAuth>
    </ModalHost>
  );
}
