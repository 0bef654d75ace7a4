import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  MessageResponse,
  WebhookCreateRequest,
  WebhookCreateResponse,
  WebhookDeliveryListResponse,
  WebhookDeliveryStatus,
  WebhookListResponse,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";

/** TanStack Query key of «Webhooks» (issue 39). */
export const WEBHOOKS_KEY = ["webhooks"] as const;

/** GET /api/v1/Webhook/list: the webhooks not deleted, newest first (SuperAdmin). */
export async function listWebhooks(): Promise<WebhookListResponse> {
  const { data } = await http.get<WebhookListResponse>(clientPath(API.webhook.list));
  return data;
}

export function useWebhooks() {
  return useQuery({ queryKey: WEBHOOKS_KEY, queryFn: listWebhooks });
}

/** POST /api/v1/Webhook: the new webhook's id and its signing secret, shown once. */
export async function createWebhook(body: WebhookCreateRequest): Promise<WebhookCreateResponse> {
  const { data } = await http.post<WebhookCreateResponse>(clientPath(API.webhook.create), body);
  return data;
}

/** DELETE /api/v1/Webhook/{id}: nothing more is sent to it. */
export async function deleteWebhook(id: number): Promise<MessageResponse> {
  const { data } = await http.delete<MessageResponse>(clientPath(API.webhook.remove, { id }));
  return data;
}

export type DeliveriesQuery = { webhookId: number; status?: WebhookDeliveryStatus; page: number };

/** GET /api/v1/Webhook/{id}/deliveries: its delivery log, newest first, 10 a page. */
export async function listDeliveries(query: DeliveriesQuery): Promise<WebhookDeliveryListResponse> {
  const { data } = await http.get<WebhookDeliveryListResponse>(
    clientPath(API.webhook.deliveries, { id: query.webhookId }),
    { params: { amount: 10, skip: query.page, ...(query.status && { status: query.status }) } },
  );
  return data;
}

export function useDeliveries(query: DeliveriesQuery | undefined) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, "deliveries", query],
    queryFn: () => listDeliveries(query as DeliveriesQuery),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/v1/Webhook/delivery/{id}/replay: a new attempt now, same `webhook-id`. */
export async function replayDelivery(id: number): Promise<MessageResponse> {
  const { data } = await http.post<MessageResponse>(clientPath(API.webhook.replay, { id }));
  return data;
}

/** A mutation that reloads the webhooks (and their logs) once settled. */
function useWebhookMutation<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export const useCreateWebhook = () => useWebhookMutation(createWebhook);
export const useDeleteWebhook = () => useWebhookMutation(deleteWebhook);
export const useReplayDelivery = () => useWebhookMutation(replayDelivery);
