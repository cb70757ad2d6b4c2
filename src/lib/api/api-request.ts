// The generic API helper: any method on {apiBase}{path}, with the session rules of sendWithSession.
import { texts } from '../../config/texts.ts';
import { ApiError, errorMessageFor } from './api-error.ts';
import { getApiBaseUrl, trimTrailingSlashes } from './client.ts';
import { currentBearer, readBody, sendWithSession } from './session.ts';

export interface ApiRequestOptions {
  method?: string;
  /** Sent as JSON unless it is FormData, whose multipart header the browser writes. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

export function apiUrl(endpoint: string): string {
  const path = trimTrailingSlashes(endpoint);
  return `${trimTrailingSlashes(getApiBaseUrl())}${path.startsWith('/') ? '' : '/'}${path}`;
}

export async function apiRequest<T = unknown>(endpoint: string, options: ApiRequestOptions = {}): Promise<T> {
  if (!endpoint) throw new ApiError(texts.endpointRequired, 0);

  const headers = new Headers(options.headers);
  const token = await currentBearer();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
  }
  // The JSON type goes on every request that is not form data; without a body Fastify would refuse an
  // empty JSON body, so a bodiless request carries none.
  if (!(options.body instanceof FormData) && body !== undefined)
    headers.set('Content-Type', 'application/json');

  const request = new Request(apiUrl(endpoint), {
    method: options.method ?? 'GET',
    headers,
    body: body ?? null,
    signal: options.signal ?? null,
  });
  const response = await sendWithSession(request);
  const data = await readBody(response);
  if (!response.ok) {
    throw new ApiError(errorMessageFor(response.status, response.statusText, data), response.status, data);
  }
  return data as T;
}
