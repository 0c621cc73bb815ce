import { type CreateWebhookInput, type UpdateWebhookInput, webhooksContract } from "@atelier/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";

export const webhookKeys = {
  all: ["webhooks"] as const,
  /** a scope's list: the workspace's (null) or a project's */
  list: (projectId: string | null) => ["webhooks", "list", projectId ?? "workspace"] as const,
  deliveries: (webhookId: string) => ["webhooks", "deliveries", webhookId] as const,
};

export function useWebhooks(projectId: string | null) {
  return useQuery({
    queryKey: webhookKeys.list(projectId),
    queryFn: ({ signal }) =>
      projectId === null
        ? api(webhooksContract.list, {}, { signal })
        : api(webhooksContract.projectList, { params: { id: projectId } }, { signal }),
    // A project's settings mount the section for its owner and staff; a manager is refused (403),
    // and the section then keeps out of the way instead of showing an error.
    meta: { handlesError: projectId !== null },
  });
}

export function useCreateWebhook(projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookInput) =>
      projectId === null
        ? api(webhooksContract.create, { body })
        : api(webhooksContract.projectCreate, { params: { id: projectId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(projectId) }),
    meta: { handlesError: true },
  });
}

export function useUpdateWebhook(projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; body: UpdateWebhookInput }) =>
      api(webhooksContract.update, { params: { id: input.id }, body: input.body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(projectId) }),
  });
}

export function useRemoveWebhook(projectId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(webhooksContract.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(projectId) }),
  });
}

/** The newest deliveries; refreshed every few seconds while one is still being tried. */
export function useWebhookDeliveries(webhookId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(webhookId),
    queryFn: ({ signal }) =>
      api(webhooksContract.deliveries, { params: { id: webhookId }, query: { limit: 25 } }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.state === "pending") ? 2000 : false,
  });
}

export function useSendTestMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => api(webhooksContract.sendTest, { params: { id: webhookId } }),
    onSuccess: (_answer, webhookId) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}

export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { webhookId: string; deliveryId: string }) =>
      api(webhooksContract.redeliver, { params: { id: input.webhookId, deliveryId: input.deliveryId } }),
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(input.webhookId) }),
  });
}
