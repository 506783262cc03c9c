import type { AxiosRequestConfig } from 'axios';
import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { CORE_RESOURCES, type OutboxMessage, type OutboxMessageDetail } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

/** Sent mail: only its list and query keys come from the generic resource; nothing is created or edited. */
export const outbox = createResource<OutboxMessage, never>(CORE_RESOURCES.outbox);

/** GET /outbox/:id: the message with its text and every attempt. */
export const messageQuery = (id: string) =>
  queryOptions({
    queryKey: [...outbox.keys.all, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<{ data: OutboxMessageDetail }>(`${outbox.path}/${id}`, { signal }).then(dataOf),
  });

/** A copy of a sent or failed message, queued. */
export function resendMessage(id: string, config?: AxiosRequestConfig) {
  return api.post<{ data: OutboxMessageDetail }>(`${outbox.path}/${id}/resend`, {}, config).then(dataOf);
}
