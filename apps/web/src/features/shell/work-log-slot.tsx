import type { User } from "@atelier/shared";
import { lazy, Suspense } from "react";

// Only designers have a work log (SPEC §6 "Work log loaded for designers"): the summary, its
// contract and its tooltip load in their own chunk, so other roles' first load does not carry them.
const WorkLogSummary = lazy(() =>
  import("./work-log-summary.tsx").then((module) => ({ default: module.WorkLogSummary })),
);

/** Below the user block (SPEC §2): the start month of the current period and its hours, with a tooltip of periods. */
export function WorkLogSlot({ user }: { user: User }) {
  if (user.role !== "designer") return null;
  return (
    <Suspense fallback={null}>
      <WorkLogSummary />
    </Suspense>
  );
}
