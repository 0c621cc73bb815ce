import type { User } from "@atelier/shared";
import { Button } from "@mantine/core";
import { useLocation } from "../../lib/router/index.ts";
import { openModal } from "../../ui/modal-store.ts";
import { showsAddUser, showsNewProject } from "./nav-items.ts";

/** New Project (tasks and projects routes) and Add User (users route, desktop) of SPEC §2. */
export function HeaderActions({ user }: { user: User }) {
  const { pathname } = useLocation();
  return (
    <>
      {showsNewProject(pathname, user) ? (
        <Button size="sm" onClick={() => openModal("projectCreate", { actor: user, email: user.email })}>
          New Project
        </Button>
      ) : null}
      {showsAddUser(pathname, user) ? (
        <Button size="sm" visibleFrom="sm" onClick={() => openModal("addUser", {})}>
          Add User
        </Button>
      ) : null}
    </>
  );
}
