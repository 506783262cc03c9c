import type { AxiosRequestConfig } from 'axios';
import { api } from '@admin/shared/api';
import { RESOURCES, type CompanySettings, type CompanySettingsInput } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { companySettingsQuery } from '@admin/shared/ui-kit';

/** Every printed document reads the answer from the same query: it is replaced, not refetched. */
const keep = (settings: CompanySettings) => {
  queryClient.setQueryData(companySettingsQuery.queryKey, settings);
  return settings;
};

const { path } = RESOURCES.companySettings;

export function saveCompanySettings(input: CompanySettingsInput, config?: AxiosRequestConfig) {
  return api.put<CompanySettings>(path, input, config).then((r) => keep(r.data));
}

/** The image itself is the body, typed as what it is (PNG or SVG); the API checks both. */
export function uploadLogo(file: File, config?: AxiosRequestConfig) {
  return api
    .put<CompanySettings>(`${path}/logo`, file, {
      ...config,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    })
    .then((r) => keep(r.data));
}

export function removeLogo(config?: AxiosRequestConfig) {
  return api.delete<CompanySettings>(`${path}/logo`, config).then((r) => keep(r.data));
}
