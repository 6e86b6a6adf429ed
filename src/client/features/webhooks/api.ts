import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookEndpointInput, WebhookEndpointSummary } from '../../../core/schemas/webhooks.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

const endpointsKey = ['webhooks', 'endpoints'] as const;
const BASE = '/api/webhooks/endpoints';

/** Decision 54: the organiser's endpoints and their recent deliveries, refreshed while the card is open. */
export function useWebhookEndpoints() {
  return useQuery({ queryKey: endpointsKey, queryFn: () => apiFetch<{ endpoints: WebhookEndpointSummary[] }>(BASE), refetchInterval: 10_000 });
}

function useRefreshing<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }) });
}

export const useAddWebhookEndpoint = () => useRefreshing((input: CreateWebhookEndpointInput) => postJson<{ id: string }>(BASE, input));
export const useSwitchWebhookEndpoint = () =>
  useRefreshing(({ id, isEnabled }: { id: string; isEnabled: boolean }) => apiFetch<{ isEnabled: boolean }>(`${BASE}/${id}`, { method: 'PATCH', body: JSON.stringify({ isEnabled }) }));
export const useDeleteWebhookEndpoint = () => useRefreshing((id: string) => apiFetch<void>(`${BASE}/${id}`, { method: 'DELETE' }));
export const useResendWebhookDelivery = () => useRefreshing((deliveryId: string) => postJson<{ message: string }>(`/api/webhooks/deliveries/${deliveryId}/resend`, {}));
/** Issue 33: a new signing secret, shown once in the answer; the old one keeps signing for the overlap too. */
export const useRotateWebhookSecret = () => useRefreshing((id: string) => postJson<{ secret: string; previousSecretExpiresAt: string }>(`${BASE}/${id}/rotate-secret`, {}));
/** Issue 33: send the verification request again; the answer says whether the endpoint echoed its challenge. */
export const useVerifyWebhookEndpoint = () => useRefreshing((id: string) => postJson<{ isVerified: boolean; message: string; error: string | null }>(`${BASE}/${id}/verify`, {}));
/** Issue 35: a test event sent at once; the answer is what the endpoint said. */
export const useSendTestWebhookEvent = () =>
  useRefreshing((id: string) => postJson<{ deliveryId: string; isDelivered: boolean; statusCode: number | null; durationMs: number; error: string | null }>(`${BASE}/${id}/test`, {}));
export const revealWebhookSecret = (id: string) => apiFetch<{ secret: string }>(`${BASE}/${id}/secret`);
