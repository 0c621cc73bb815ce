import { Anchor, AppShell, Burger, Divider, Group, Stack } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { type KeyboardEvent, type ReactNode, Suspense, useEffect, useRef } from "react";
import { useSignedInUser } from "../../lib/current-user.ts";
import { PRODUCT_NAME } from "../../lib/product.ts";
import { Link, useLocation } from "../../lib/router/index.ts";
import { logoPathForRole } from "../../lib/session.ts";
import { AnnouncementBanners } from "../announcements/index.ts";
import { LiveUpdates } from "../realtime/index.ts";
import { HeaderActions } from "./header-actions.tsx";
import { LogoutButton } from "./logout-button.tsx";
import { NavMenu } from "./nav-menu.tsx";
import { UnreadShortcut } from "./unread-shortcut.tsx";
import { UserBlock } from "./user-block.tsx";

const HEADER_HEIGHT = 64;

/** The signed-in frame: header with the menu of SPEC §2, a burger menu on phones, the screen below. */
export function ShellLayout({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  const [menuOpened, menu] = useDisclosure(false);
  const isMobile = useMediaQuery("(max-width: 47.99em)") ?? false;
  const { pathname } = useLocation();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const navbarRef = useRef<HTMLDivElement>(null);

  /** Escape closes the phone menu and puts focus back on its button (not when a dropdown inside it has the key). */
  function closeMenuOnEscape(event: KeyboardEvent) {
    if (event.key !== "Escape" || !menuOpened) return;
    const target = event.target as Node;
    if (target !== burgerRef.current && !navbarRef.current?.contains(target)) return;
    menu.close();
    burgerRef.current?.focus();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the burger menu on every navigation.
  useEffect(() => {
    menu.close();
  }, [pathname, menu.close]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 300, breakpoint: "sm", collapsed: { mobile: !menuOpened, desktop: true } }}
      padding={{ base: "md", sm: "xl" }}
    >
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: "sm", sm: "lg" }} gap="md" wrap="nowrap" justify="space-between">
          <Group gap="md" wrap="nowrap">
            <Burger
              ref={burgerRef}
              onKeyDown={closeMenuOnEscape}
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpened ? "Close menu" : "Open menu"}
              aria-expanded={menuOpened}
              aria-controls="mobile-menu"
            />
            <Anchor component={Link} to={logoPathForRole(user.role)} underline="never" fw={750} fz="xl" c="indigo.8">
              {PRODUCT_NAME}
            </Anchor>
            {isMobile && !menuOpened ? <UnreadShortcut /> : null}
            <Group component="nav" aria-label="Main" visibleFrom="sm" gap={0}>
              <NavMenu actor={user} />
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <HeaderActions user={user} />
            <Group gap="sm" wrap="nowrap" visibleFrom="sm">
              <UserBlock user={user} />
              <LogoutButton />
            </Group>
          </Group>
        </Group>
      </AppShell.Header>
      {isMobile ? (
        <AppShell.Navbar ref={navbarRef} p="md" id="mobile-menu" aria-label="Menu" onKeyDown={closeMenuOnEscape}>
          {menuOpened ? (
            <Stack gap="md">
              <UserBlock user={user} onNavigate={menu.close} />
              <Divider />
              <NavMenu actor={user} vertical onNavigate={menu.close} />
              <Divider />
              <LogoutButton fullWidth />
            </Stack>
          ) : null}
        </AppShell.Navbar>
      ) : null}
      <AppShell.Main id="main-content" tabIndex={-1}>
        <Suspense fallback={null}>
          <AnnouncementBanners />
        </Suspense>
        {children}
      </AppShell.Main>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
    </AppShell>
  );
}
