import type { AxiosRequestConfig } from 'axios';
import { api } from '@admin/shared/api';
import {
  CORE_RESOURCES,
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
  return api.post<UserCreatedResponse>(users.path, input, config).then((r) => r.data);
}

export function updateUser(id: string, input: UserUpdateInput, config?: AxiosRequestConfig) {
  return api.put<{ data: StaffUser }>(`${users.path}/${id}`, input, config).then((r) => r.data.data);
}

/** A new temporary password for the account; its sessions end and it must be changed at the next sign-in. */
export function resetPassword(id: string, config?: AxiosRequestConfig) {
  return api
    .post<PasswordResetResponse>(`${users.path}/${id}/reset-password`, undefined, config)
    .then((r) => r.data.data.temporaryPassword);
}
