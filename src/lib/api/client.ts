// Wires the generated SDK client to the session rules and to ApiError.
import * as z from 'zod/mini';
import { client } from '../../../generated/client.gen.ts';
import { texts } from '../../config/texts.ts';
import { ApiError, errorMessageFor } from './api-error.ts';
import { currentBearer, type SessionBridge, sendWithSession, setSession } from './session-rules.ts';

export const DEFAULT_API_BASE_URL = '/api/v1';

let apiBaseUrl = DEFAULT_API_BASE_URL;

export function trimTrailingSlashes(value: string): string {
  return value.replace(/\/+$/, '');
}

/** A relative base is relative to the page's origin; absolute, it also works where Request resolves nothing. */
function resolveBaseUrl(url: string): string {
  const absolute = typeof location === 'undefined' ? url : new URL(url, location.href).toString();
  return trimTrailingSlashes(absolute);
}

/**
 * Any failure of a generated SDK call as one ApiError. The generated client throws the parsed error body
 * (or the text), not an Error, and validators throw ZodErrors.
 */
export function toApiError(error: unknown, response: Response | undefined): ApiError {
  if (error instanceof ApiError) return error;
  if (response && !response.ok) {
    return new ApiError(errorMessageFor(response.status, response.statusText, error), response.status, error);
  }
  const status = response?.status ?? 0;
  if (error instanceof z.core.$ZodError)
    return new ApiError(texts.validationInvalidInput, status, error.issues);
  if (error instanceof Error) return new ApiError(error.message, status, error);
  return new ApiError(String(error), status, error);
}

let installed = false;

/** Installs the session rules on the generated client once; the tenant config call already goes through them. */
export function installApiLayer(): void {
  if (installed) return;
  installed = true;
  apiBaseUrl = resolveBaseUrl(apiBaseUrl);
  client.setConfig({
    baseUrl: apiBaseUrl,
    // Called per request, never captured, so that the session and test doubles of fetch are current.
    fetch: (input, init) => sendWithSession(new Request(input, init)),
    auth: async () => (await currentBearer()) ?? undefined,
  });
  client.interceptors.error.use((error, response) => toApiError(error, response));
}

/** After start-up: the tenant's API address and the signed-in session. */
export function configureApi(options: { baseUrl?: string | undefined; session: SessionBridge }): void {
  installApiLayer();
  apiBaseUrl = resolveBaseUrl(options.baseUrl ?? DEFAULT_API_BASE_URL);
  client.setConfig({ baseUrl: apiBaseUrl });
  setSession(options.session);
}
