import type { ProjectActor } from "@atelier/shared";
import { Badge } from "@mantine/core";
import { lazy, Suspense } from "react";
import { NavLink, useLocation } from "../../lib/router/index.ts";
import { useUnreadMessagesCount } from "../messages/index.ts";
import { isVisibleTo, MAIN_NAV, type NavItem, SETTINGS_NAV, USERS_NAV } from "./nav-items.ts";
import classes from "./shell.module.css";

// Mantine's Menu brings floating-ui (15 KB): only staff see the Users dropdown, so only they load it.
const UsersMenu = lazy(() => import("./users-menu.tsx"));

interface NavMenuProps {
  actor: ProjectActor;
  vertical?: boolean;
  onNavigate?: () => void;
}

function linkClass(vertical: boolean): string {
  return vertical ? `${classes.link} ${classes.vertical}` : `${classes.link}`;
}

function MenuLink({ item, vertical, onNavigate }: { item: NavItem; vertical: boolean; onNavigate?: () => void }) {
  const unread = useUnreadMessagesCount();
  const showBadge = item.to === "/messages" && unread > 0;
  return (
    <NavLink to={item.to} className={linkClass(vertical)} onClick={onNavigate}>
      {item.label}
      {showBadge ? (
        <Badge size="sm" circle={unread < 10} color="red" variant="filled">
          {unread}
          <span className="sr-only"> unread</span>
        </Badge>
      ) : null}
    </NavLink>
  );
}

/** The header menu of SPEC §2 for the user's role: inline on desktop, stacked in the burger menu. */
export function NavMenu({ actor, vertical = false, onNavigate }: NavMenuProps) {
  const { pathname } = useLocation();
  const usersItems = USERS_NAV.filter((item) => isVisibleTo(item, actor));
  const usersActive = usersItems.some((item) => pathname === item.to);
  const listClass = vertical ? `${classes.navList} ${classes.navListVertical}` : classes.navList;
  const usersButton = (
    <button
      type="button"
      className={linkClass(vertical)}
      data-active={usersActive || undefined}
      style={{ border: 0, background: usersActive ? undefined : "transparent", cursor: "pointer" }}
    >
      Users
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
        <path d="M3 4.5 6 7.5 9 4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </button>
  );
  return (
    <ul className={listClass}>
      {MAIN_NAV.filter((item) => isVisibleTo(item, actor)).map((item) => (
        <li key={item.to}>
          <MenuLink item={item} vertical={vertical} onNavigate={onNavigate} />
        </li>
      ))}
      {usersItems.length > 0 ? (
        <li>
          <Suspense fallback={usersButton}>
            <UsersMenu items={usersItems} vertical={vertical} onNavigate={onNavigate} target={usersButton} />
          </Suspense>
        </li>
      ) : null}
      <li>
        <MenuLink item={SETTINGS_NAV} vertical={vertical} onNavigate={onNavigate} />
      </li>
    </ul>
  );
}
