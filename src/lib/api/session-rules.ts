// The session rules every request follows (the bearer, 401, 403), with what they need from sign-in injected:
// this layer imports nothing of sign-in.
import { texts } from '../../config/texts.ts';
import { reportReachable, reportUnreachable } from '../connection.ts';
import { ApiError } from './api-error.ts';

export interface SessionBridge {
  /** The current access token; `forceRefresh` skips the cache. Null when signed out. */
  getToken(options?: { forceRefresh?: boolean }): Promise<string | null>;
  hasAccount(): boolean;
  /** The stored auth_token while it is valid: the fallback bearer. */
  storedToken(): string | null;
  clearStoredToken(): void;
  redirectToLogin(): void;
}

const signedOut: SessionBridge = {
  getToken: () => Promise.resolve(null),
  hasAccount: () => false,
  storedToken: () => null,
  clearStoredToken: () => undefined,
  redirectToLogin: () => undefined,
};

let session: SessionBridge = signedOut;

export function setSession(next: SessionBridge): void {
  session = next;
}

/** The bearer is the silent token, else the stored auth_token. */
export async function currentBearer(): Promise<string | null> {
  try {
    return (await session.getToken()) ?? session.storedToken();
  } catch {
    // Not being signed in is a normal state: the stored token (or none) is sent and the API decides.
    return session.storedToken();
  }
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /\bjson\b/i.test(contentType);
}

/** The body as the API helper returns it: JSON when the response says JSON, else text. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!isJson(response.headers.get('Content-Type'))) return text;
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function endSession(message: string, status: number, data: unknown): never {
  session.redirectToLogin();
  throw new ApiError(message, status, data);
}

async function sessionExpired(response: Response): Promise<never> {
  const data = await readBody(response);
  session.clearStoredToken();
  return endSession(texts.sessionExpired, response.status, data);
}

// A gateway's answers for a server it cannot reach: the API is as unreachable as with no answer at all.
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * One fetch that tells the connection state what it learnt: an answer (the server is reachable), or none (a
 * network failure; a request the app itself aborted says nothing).
 */
async function fetchReporting(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (!request.signal.aborted) reportUnreachable('api');
    throw error;
  }
  if (GATEWAY_FAILURES.has(response.status)) reportUnreachable('api');
  else reportReachable('api');
  return response;
}

/**
 * Sends one request with the session rules: 401 ends the session; 403 refreshes the token
 * once and retries. Every request of the app, generated SDK and generic helper alike, goes through here.
 */
export async function sendWithSession(request: Request): Promise<Response> {
  const retry = request.clone();
  const response = await fetchReporting(request);
  if (response.status === 401) return sessionExpired(response);
  if (response.status !== 403) return response;

  const data = await readBody(response);
  if (!session.hasAccount()) return endSession(texts.noActiveAccount, 403, data);
  let token: string | null;
  try {
    token = await session.getToken({ forceRefresh: true });
  } catch {
    return endSession(texts.refreshFailed, 403, data);
  }
  if (!token) return endSession(texts.sessionExpired, 403, data);

  retry.headers.set('Authorization', `Bearer ${token}`);
  const retried = await fetchReporting(retry);
  if (retried.status === 401) return sessionExpired(retried);
  return retried;
}
