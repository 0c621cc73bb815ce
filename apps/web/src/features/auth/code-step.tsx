import { lazy, Suspense } from "react";
import type { PendingSecondFactor } from "./use-finish-sign-in.ts";

// Only people with two-factor sign-in reach the code step: it loads when a challenge arrives.
const SecondFactorStep = lazy(() =>
  import("./second-factor-step.tsx").then((module) => ({ default: module.SecondFactorStep })),
);

/**
 * The code step a screen shows in place of its form once its call answered a challenge (reset,
 * invite, onboarding, signup, setup). Login has its own: its form stays, hidden, to start over.
 */
export function CodeStep({ pending }: { pending: PendingSecondFactor }) {
  return (
    <Suspense fallback={null}>
      <SecondFactorStep pending={pending} />
    </Suspense>
  );
}
