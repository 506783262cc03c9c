import type { AxiosAdapter, AxiosError, AxiosInstance, AxiosResponse } from 'axios';
import type { Answer, ErrorBody } from '@admin/shared/contract';
import { currentLanguage } from '@admin/shared/i18n';
import { forgetEarlyAnswers, takeEarlyAnswer } from './early';

export const TOKEN_KEY = 'token';
export const API_TIMEOUT_MS = 10_000;
export const DEFAULT_ERROR_MESSAGE = 'An error occurred';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The automatic error toast: `false` turns it off (the screen shows its own message);
     * a string is the text shown when the answer carries no `message`, e.g. 'Failed to create customer'.
     */
    errorToast?: boolean | string;
  }
}

/** What the client needs from the app around it; injected so the client never imports UI or router code. */
export interface ApiHooks {
  /** Shows an error message to the user (the app's toaster). */
  notifyError?: (message: string) => void;
  /** Called after a 401 on an authenticated request, once the stored token is gone (the host goes to /login). */
  onUnauthorized?: () => void;
}

const hooks: ApiHooks = {};

export function configureApi(next: ApiHooks): void {
  Object.assign(hooks, next);
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  forgetEarlyAnswers();
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What the page calls the API with: axios's methods, and the defaults every request starts from. */
export interface ApiClient extends Pick<AxiosInstance, Method> {
  defaults: {
    /** The API's address (setApiBaseUrl). */
    baseURL: string;
    /** Sends a request; unset, the page's own (an early answer, else the network). A test's fake API sets it. */
    adapter?: AxiosAdapter;
  };
}

let client: Promise<AxiosInstance> | undefined;

/**
 * Loads axios and makes the page's one instance of it, once: the sign-in form shows without it
 * (21 KB compressed), and it loads as staff start typing (host/src/app.tsx preloadSignedIn) or at
 * the first call.
 */
export function loadApiClient(): Promise<AxiosInstance> {
  client ??= import('axios').then(({ default: axios }) => {
    const instance = axios.create({ timeout: API_TIMEOUT_MS });
    // A GET of a path index.html already asked for with the page (./early.ts) takes that answer: one
    // with no query (no params, or none set: axios sends `{}` and `{ asOf: undefined }` without one).
    const network = axios.getAdapter(axios.defaults.adapter);
    const noQuery = (params: unknown) =>
      !params || Object.values(params as Record<string, unknown>).every((value) => value === undefined);
    const earlyOrNetwork: AxiosAdapter = async (config) => {
      const body =
        config.method === 'get' && noQuery(config.params) ? await takeEarlyAnswer(config.url ?? '') : undefined;
      if (body === undefined) return network(config);
      return {
        data: body,
        status: 200,
        statusText: 'OK',
        headers: new axios.AxiosHeaders(),
        config,
        request: undefined,
      };
    };
    instance.defaults.adapter = (config) => (api.defaults.adapter ?? earlyOrNetwork)(config);

    instance.interceptors.request.use((config) => {
      config.baseURL ??= api.defaults.baseURL;
      // The API answers (messages, documents) in the language on screen.
      config.headers.set('Accept-Language', currentLanguage());
      const token = getToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });

    instance.interceptors.response.use(undefined, (error: unknown) => {
      // A request the page cancelled (its query's screen moved on, or a refetch replaced it) is no
      // failure to tell staff about: the one that replaced it answers.
      if (axios.isCancel(error)) return Promise.reject(error);
      if (axios.isAxiosError(error)) {
        const config = error.config;
        // Only a request that carried a session can lose it; a failed sign-in is not a logout.
        const hadSession = Boolean(config?.headers?.get?.('Authorization'));
        if (error.response?.status === 401 && hadSession) {
          setToken(null);
          hooks.onUnauthorized?.();
        }
        const toast = config?.errorToast ?? true;
        if (toast !== false) {
          const fallback = typeof toast === 'string' ? toast : DEFAULT_ERROR_MESSAGE;
          hooks.notifyError?.(readApiError(error).message ?? fallback);
        }
      }
      return Promise.reject(error);
    });
    return instance;
  });
  // A file that could not load (the link dropped) is asked for again at the next call.
  client.catch(() => (client = undefined));
  return client;
}

/** A method that waits for the client to load, typed as axios's own. */
const whenLoaded = <M extends Method>(method: M) =>
  ((...args: unknown[]) =>
    loadApiClient().then((instance) =>
      (instance[method] as (...a: unknown[]) => unknown)(...args),
    )) as AxiosInstance[M];

/** The one HTTP client of the page: every app uses it through the shared singleton. */
export const api: ApiClient = {
  defaults: { baseURL: '/api' },
  get: whenLoaded('get'),
  post: whenLoaded('post'),
  put: whenLoaded('put'),
  patch: whenLoaded('patch'),
  delete: whenLoaded('delete'),
};

/**
 * What an answer holds. Every JSON answer carries it under `data` (docs/api.md), so this is the one
 * reader of answers: `api.get<Answer<Invoice>>(url).then(dataOf)`. A list's page is the whole body
 * (`{ data, pagination }`, the contract's ListResponse), read as it comes.
 */
export function dataOf<T>(response: AxiosResponse<Answer<T>>): T {
  return response.data.data;
}

/** Set once at start from platform.json's apiBaseUrl. */
export function setApiBaseUrl(url: string): void {
  api.defaults.baseURL = url;
}

export interface ApiErrorInfo {
  status?: number;
  /** The answer's `message`, when it has one. */
  message?: string;
  /** Field name -> message, for mapping onto form fields. */
  errors?: Record<string, string>;
}

/** Reads `{ message, errors }` from a failed call (or anything thrown). */
export function readApiError(error: unknown): ApiErrorInfo {
  if (!isAxiosError(error)) return {};
  const body = error.response?.data as Partial<ErrorBody> | undefined;
  const message = typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
  const errors =
    body?.errors && typeof body.errors === 'object' && !Array.isArray(body.errors)
      ? (body.errors as Record<string, string>)
      : undefined;
  return { status: error.response?.status, message, errors };
}

/** The message to show for a failed call: the server's, else the screen's fallback text. */
export function apiErrorMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  return readApiError(error).message ?? fallback;
}

/** axios's own test, without loading axios: a failed sign-in is read before the client may have. */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}
