import { lazy, Suspense } from "react";
import type { PendingSecondFactor } from "./use-finish-sign-in.ts";

// Only people with two-factor sign-in reach the code step: it loads when a challenge arrives.
const SecondFactorStep = lazy(() =>
  import("./second-factor-step.tsx").then((module) => ({ default: module.SecondFactorStep })),
);

/**
 * The code step a screen shows once its call answered a challenge (login, reset, invite). Login
 * passes `onRestart` to show its password form again; elsewhere the step links to the login screen.
 */
export function CodeStep({ pending, onRestart }: { pending: PendingSecondFactor; onRestart?: () => void }) {
  return (
    <Suspense fallback={null}>
      <SecondFactorStep pending={pending} onRestart={onRestart} />
    </Suspense>
  );
}
