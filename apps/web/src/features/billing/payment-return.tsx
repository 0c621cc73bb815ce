import { MESSAGES } from "@atelier/shared";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useSearchParams } from "../../lib/router/index.ts";
import { toast } from "../../ui/toasts.ts";
import { useConfirmCheckout } from "./use-billing.ts";

/**
 * The return routes of Stripe Checkout (SPEC §2): `/project/{id}/subscription-completed` and
 * `/collect-payment-details` confirm the session once, toast, and leave the plain project URL.
 */
export function PaymentReturn({ projectId }: { projectId: string }) {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmCheckout();
  const started = useRef(false);
  const kind = pathname.endsWith("/subscription-completed")
    ? "subscription"
    : pathname.endsWith("/collect-payment-details")
      ? "flexible"
      : null;
  const sessionId = search.get("session_id");

  useEffect(() => {
    if (!kind || started.current) return;
    started.current = true;
    const leave = () => navigate(`/project/${projectId}`, { replace: true });
    if (!sessionId) {
      void leave();
      return;
    }
    confirm.mutate(
      { projectId, sessionId, kind },
      {
        onSuccess: () =>
          toast.success(kind === "subscription" ? MESSAGES.projectPlanUpdated : MESSAGES.flexiblePlanSaved),
        onSettled: () => void leave(),
      },
    );
  }, [kind, sessionId, projectId, confirm, navigate]);
  return null;
}
