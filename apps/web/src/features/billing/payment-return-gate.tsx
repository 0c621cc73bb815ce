import { lazy, Suspense } from "react";
import { useLocation } from "../../lib/router/index.ts";

const PaymentReturnEffect = lazy(() =>
  import("./payment-return.tsx").then((module) => ({ default: module.PaymentReturn })),
);

const RETURN_PATH = /\/(subscription-completed|collect-payment-details)$/;

/**
 * Mounted by the project screen on every visit, but the confirming code (and the billing
 * contract it needs) loads only on Stripe's return routes, so a plain project visit stays light.
 */
export function PaymentReturn({ projectId }: { projectId: string }) {
  const { pathname } = useLocation();
  if (!RETURN_PATH.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <PaymentReturnEffect projectId={projectId} />
    </Suspense>
  );
}
