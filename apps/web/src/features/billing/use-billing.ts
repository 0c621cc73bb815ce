import {
  type BillingSummary,
  billingContract,
  type CardPlanCode,
  type CreateOrderInput,
  type ManualSetupPlanInput,
  MESSAGES,
  type OrderStatus,
  projectsContract,
  type SetExchangeRateInput,
  type UpdateProjectDataInput,
} from "@atelier/shared";
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

/** Query keys of the billing feature. */
export const billingKeys = {
  all: ["billing"] as const,
  summary: (projectId: string) => ["billing", "summary", projectId] as const,
  ledger: (projectId: string) => ["billing", "ledger", projectId] as const,
  orders: (status: OrderStatus) => ["billing", "orders", status] as const,
  rates: ["billing", "rates"] as const,
};

// The project screen and lists show the plan fields too; they live under the projects root key
// (this feature may not import the projects feature, which imports this one).
const PROJECTS_ROOT = ["projects"] as const;

/** A new plan moves the project's lists and its hours ledger (plan hours, remaining) too. */
function storeSummary(queryClient: QueryClient, summary: BillingSummary): Promise<void> {
  queryClient.setQueryData(billingKeys.summary(summary.projectId), summary);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: PROJECTS_ROOT }),
    queryClient.invalidateQueries({ queryKey: billingKeys.ledger(summary.projectId) }),
  ]).then(() => undefined);
}

function refreshBilling(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: PROJECTS_ROOT }),
  ]).then(() => undefined);
}

/**
 * GET /v3/project/get/{id} for the billing details of step 1, under the projects feature's key so
 * both share one cached copy (the projects feature imports this one, so it cannot be imported here).
 */
export function useProjectDetails(projectId: string) {
  return useQuery({
    queryKey: [...PROJECTS_ROOT, "detail", projectId],
    queryFn: ({ signal }) => api(projectsContract.get, { params: { id: projectId } }, { signal }),
    meta: { errorMessage: MESSAGES.unableToUpdatePlan },
  });
}

/** GET /v3/project/{id}/billing: the plan, costs (when the viewer may see them) and payment methods. */
export function useBillingSummary(projectId: string) {
  return useQuery({
    queryKey: billingKeys.summary(projectId),
    queryFn: ({ signal }) => api(billingContract.summary, { params: { id: projectId } }, { signal }),
    meta: { errorMessage: MESSAGES.unableToUpdatePlan },
  });
}

/** POST /v3/project/updateData from the billing dialog's step 1 (continue saves the details). */
export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProjectDataInput) => api(projectsContract.updateData, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROJECTS_ROOT }),
    meta: { errorMessage: MESSAGES.unableToUpdateProjectSettings },
  });
}

/** POST …/create-subscription: Stripe Checkout; the browser leaves for Stripe's page. */
export function useStartCardCheckout() {
  return useMutation({
    mutationFn: (input: { projectId: string; paymentPlan: CardPlanCode }) =>
      api(billingContract.createSubscription, { query: { id: input.projectId, paymentPlan: input.paymentPlan } }),
    onSuccess: (result) => window.location.assign(result.redirectToStripe),
    meta: { errorMessage: MESSAGES.unableToCreateSubscription, globalLoader: true },
  });
}

/** POST …/top-up: Checkout for extra hours. */
export function useStartCardTopUp() {
  return useMutation({
    mutationFn: (input: { projectId: string; hours: number }) =>
      api(billingContract.topUp, { query: { id: input.projectId, hours: input.hours } }),
    onSuccess: (result) => window.location.assign(result.redirectToStripe),
    meta: { errorMessage: MESSAGES.failedToCompletePayment, globalLoader: true },
  });
}

/** POST /v3/project/{id}/payment-order: a bank transfer or BTC order (step 3). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: string; order: CreateOrderInput }) =>
      api(billingContract.createOrder, { params: { id: input.projectId }, body: input.order }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    meta: { errorMessage: MESSAGES.failedToCompletePayment },
  });
}

/** POST /v3/billing/orders/{orderId}/cancel: the payer withdraws their open order. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api(billingContract.cancelOrder, { params: { orderId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    meta: { errorMessage: "Unable to cancel the order. Try again later!" },
  });
}

/** POST /v3/billing/orders/{orderId}/reject (admin): with the reason the customer will read. */
export function useRejectOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: string; reason: string }) =>
      api(billingContract.rejectOrder, { params: { orderId: input.orderId }, body: { reason: input.reason } }),
    onSuccess: () => refreshBilling(queryClient),
    meta: { handlesError: true },
  });
}

/** The return routes: confirm the Checkout session with the server, which reads it from Stripe. */
export function useConfirmCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: string; sessionId: string; kind: "subscription" | "flexible" }) =>
      input.kind === "subscription"
        ? api(billingContract.confirmSubscription, { query: { id: input.projectId, sessionId: input.sessionId } })
        : api(billingContract.confirmPayAsYouGo, { query: { id: input.projectId, sessionId: input.sessionId } }),
    onSuccess: (summary) => storeSummary(queryClient, summary),
    meta: { errorMessage: MESSAGES.failedToCompletePayment },
  });
}

/** GET …/portal-session: Stripe's billing portal for changing plan or card. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: (projectId: string) => api(billingContract.portalSession, { query: { id: projectId } }),
    onSuccess: (result) => window.location.assign(result.url),
    meta: { errorMessage: MESSAGES.unableToUpdatePlan, globalLoader: true },
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: string) => api(billingContract.cancelSubscription, { query: { id: projectId } }),
    onSuccess: (summary) => storeSummary(queryClient, summary),
    meta: { errorMessage: MESSAGES.failedToCancelSubscription },
  });
}

/** POST /v3/project/{id}/manual-setup-payment-plan (admin). */
export function useManualSetupPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: string; plan: ManualSetupPlanInput }) =>
      api(billingContract.manualSetup, { params: { id: input.projectId }, body: input.plan }),
    onSuccess: (summary) => storeSummary(queryClient, summary),
    meta: { errorMessage: MESSAGES.unableToUpdatePlan },
  });
}

/** GET /v3/billing/orders (admin), oldest first. */
export function usePaymentOrders(status: OrderStatus) {
  return useInfiniteQuery({
    queryKey: billingKeys.orders(status),
    queryFn: ({ pageParam, signal }) =>
      api(billingContract.listOrders, { query: { status, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: "Unable to load payment orders. Try again later!" },
  });
}

export function useConfirmOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api(billingContract.confirmOrder, { params: { orderId } }),
    onSuccess: () => refreshBilling(queryClient),
    meta: { errorMessage: MESSAGES.unableToUpdatePlan },
  });
}

export function useExchangeRates() {
  return useQuery({
    queryKey: billingKeys.rates,
    queryFn: ({ signal }) => api(billingContract.rates, {}, { signal }),
    meta: { errorMessage: "Unable to load exchange rates. Try again later!" },
  });
}

export function useSetExchangeRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetExchangeRateInput) => api(billingContract.setRate, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    meta: { errorMessage: "Unable to save the rate. Try again later!" },
  });
}
