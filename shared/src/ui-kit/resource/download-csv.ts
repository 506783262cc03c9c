import { api } from '@admin/shared/api';
import type { ListParams } from '@admin/shared/query';

/**
 * Downloads a list as CSV: the list's own GET with `Accept: text/csv` and the current search,
 * filters and sort (no page: the API streams every matching row). No time limit, as an export of
 * a long list takes longer than a page.
 */
export async function downloadCsv(path: string, params: ListParams): Promise<void> {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));
  const response = await api.get<Blob>(path, {
    params: query,
    headers: { Accept: 'text/csv' },
    responseType: 'blob',
    timeout: 0,
  });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${path.replace(/^\//, '')}.csv`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
