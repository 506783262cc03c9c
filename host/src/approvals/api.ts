import type { AxiosRequestConfig } from 'axios';
import { api, dataOf } from '@admin/shared/api';
import { CORE_RESOURCES, type Approval, type ApprovalDecision } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

/** Approvals: only its list and query keys come from the generic resource; requests are made by the money writes. */
export const approvals = createResource<Approval, never>(CORE_RESOURCES.approvals);

/** POST /approvals/:id/approve or /reject: the request as decided. */
export function decideApproval(
  id: string,
  decision: 'approve' | 'reject',
  body: ApprovalDecision,
  config?: AxiosRequestConfig,
) {
  return api.post<{ data: Approval }>(`${approvals.path}/${id}/${decision}`, body, config).then(dataOf);
}
