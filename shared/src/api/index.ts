export {
  api,
  loadApiClient,
  dataOf,
  configureApi,
  setApiBaseUrl,
  getToken,
  setToken,
  readApiError,
  apiErrorMessage,
  TOKEN_KEY,
  API_TIMEOUT_MS,
  DEFAULT_ERROR_MESSAGE,
} from './client';
export type { ApiClient, ApiHooks, ApiErrorInfo } from './client';
export { rememberDashboardCalls } from './early';
export { IDEMPOTENCY_HEADER, newIdempotencyKey, idempotencyKeyPerBody } from './idempotency';
