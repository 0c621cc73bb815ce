import { Menu } from "@mantine/core";
import type { ReactElement } from "react";
import { Link } from "../../lib/router/index.ts";
import type { NavItem } from "./nav-items.ts";

/** The staff's Users dropdown (SPEC §2): its own chunk, as only staff see it (see nav-menu.tsx). */
export default function UsersMenu({
  items,
  vertical,
  onNavigate,
  target,
}: {
  items: NavItem[];
  vertical: boolean;
  onNavigate?: () => void;
  target: ReactElement;
}) {
  return (
    <Menu position={vertical ? "bottom-start" : "bottom"} withinPortal shadow="md" width={200}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to} onClick={onNavigate}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
