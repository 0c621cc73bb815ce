import { type AnchorHTMLAttributes, type MouseEvent, type Ref, useEffect, useRef } from "react";
import type { NavigateOptions } from "./history.ts";
import { useHref, useLocation, useNavigate } from "./router.tsx";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">, NavigateOptions {
  /** an app path ("/projects", "?q=1") */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** A click the app handles itself: the main button, no modifier (those open a tab or window). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!target || target === "_self")
  );
}

/** A real link (its address works in a new tab) that navigates within the app on a plain click. */
export function Link({ to, replace, state, preventScrollReset, onClick, target, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(to, { replace, state, preventScrollReset });
      }}
    />
  );
}

/** `to` is the current screen, or one of its sub-paths (a section of the menu stays marked there). */
function isActive(pathname: string, to: string): boolean {
  const here = pathname.toLowerCase();
  const target = (to.split(/[?#]/)[0] ?? "").toLowerCase().replace(/(.)\/+$/, "$1");
  return here === target || (target !== "/" && here.startsWith(`${target}/`));
}

/** A menu link: `aria-current="page"` and the `active` class while its screen (or below) is open. */
export function NavLink({ className, ...props }: LinkProps) {
  const { pathname } = useLocation();
  const active = isActive(pathname, props.to);
  return (
    <Link
      {...props}
      aria-current={active ? "page" : undefined}
      className={[className, active ? "active" : null].filter(Boolean).join(" ") || undefined}
    />
  );
}

/** Navigates once drawn (a redirect); replaces the entry when `replace` is set. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  // Once: StrictMode runs a new effect twice in development, which would push a second entry.
  const done = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigates once, when drawn.
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    navigate(to, { replace, state });
  }, []);
  return null;
}
