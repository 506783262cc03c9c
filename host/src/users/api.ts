import type { AxiosRequestConfig } from 'axios';
import { api, dataOf } from '@admin/shared/api';
import {
  CORE_RESOURCES,
  type Answer,
  type PasswordResetResponse,
  type StaffUser,
  type UserCreatedResponse,
  type UserUpdateInput,
} from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

/** The staff accounts; only their list and query keys come from the generic resource. */
export const users = createResource<StaffUser, never>(CORE_RESOURCES.users);

export interface NewUser {
  username: string;
  name: string;
  role: StaffUser['role'];
  email: string | null;
}

/** The account and, when the API generated one, its temporary password (answered this once only). */
export function createUser(input: NewUser, config?: AxiosRequestConfig) {
  return api.post<Answer<UserCreatedResponse>>(users.path, input, config).then(dataOf);
}

export function updateUser(id: string, input: UserUpdateInput, config?: AxiosRequestConfig) {
  return api.put<{ data: StaffUser }>(`${users.path}/${id}`, input, config).then(dataOf);
}

/** A new temporary password for the account; its sessions end and it must be changed at the next sign-in. */
export function resetPassword(id: string, config?: AxiosRequestConfig) {
  return api
    .post<Answer<PasswordResetResponse>>(`${users.path}/${id}/reset-password`, undefined, config)
    .then((r) => dataOf(r).temporaryPassword);
}
