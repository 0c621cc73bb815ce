import { lazy, type ReactNode, Suspense, useState } from "react";

const Floating = lazy(() => import("./hint-tooltip-floating.tsx"));

/**
 * A short hint shown while the pointer is over (or focus is in) its children. The tooltip's code,
 * with floating-ui, loads the first time someone points at one, not with the screen: the projects
 * list draws a tooltip per team avatar, and floating-ui was 15 KB of its first load
 * (docs/decisions/048-signed-in-screens-first-load.md). A hint for pointer users: what matters must also
 * be in the children's own text (an avatar's alt text names the person).
 */
export function HintTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const [opened, setOpened] = useState(false);
  const show = () => {
    setWanted(true);
    setOpened(true);
  };
  const hide = () => setOpened(false);
  const target = (
    // biome-ignore lint/a11y/noStaticElementInteractions: a hover hint, not a control (Mantine's Tooltip puts the same handlers on its child).
    <span style={{ display: "inline-flex" }} onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {children}
    </span>
  );
  if (!wanted) return target;
  return (
    <Suspense fallback={target}>
      <Floating label={label} opened={opened}>
        {target}
      </Floating>
    </Suspense>
  );
}
