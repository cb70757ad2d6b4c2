// A person's API calls and event stream from Node, with the bearer their own browser signed in for: the real
// identity provider issued it, so the server treats these calls exactly as the SPA's. The test server's
// certificate is self-signed, hence node:https with verification off (loopback only).
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import type { Page } from '@playwright/test';
import { takeEventFrames } from '../../tests/support/event-frames.ts';

/** Milliseconds on the wall clock's scale, comparable with a page's performance.timeOrigin + now(). */
export const wallNow = (): number => performance.timeOrigin + performance.now();

/**
 * Watches the page's API requests for the bearer the SPA sends; call before signing in. The returned
 * function waits for the first one seen (a signed-in page asks for /me at once).
 */
export function bearerOf(page: Page): () => Promise<string> {
  let token: string | undefined;
  const waiting: ((value: string) => void)[] = [];
  page.on('request', (sent) => {
    const header = sent.headers()['authorization'];
    if (!sent.url().includes('/api/v1/') || header?.startsWith('Bearer ') !== true) return;
    token = header.slice('Bearer '.length);
    for (const resolve of waiting.splice(0)) resolve(token);
  });
  return () =>
    token === undefined
      ? new Promise((resolve) => {
          waiting.push(resolve);
        })
      : Promise.resolve(token);
}

export interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

/** One API call as the token's holder. */
export function apiCall<T = unknown>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      `${baseUrl}/api/v1${path}`,
      {
        method,
        rejectUnauthorized: false,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: (text === '' ? null : JSON.parse(text)) as T });
        });
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

export interface StreamedEvent {
  readonly type: string;
  readonly caseId?: string | null;
  readonly notification?: { readonly kind: string };
}

export interface NodeEventStream {
  close(): void;
}

/** The token holder's event stream: onEvent gets each event's data and the wall-clock time it arrived. */
export function openEventStream(
  baseUrl: string,
  token: string,
  onEvent: (event: StreamedEvent, at: number) => void,
): Promise<NodeEventStream> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${baseUrl}/api/v1/events`,
      {
        rejectUnauthorized: false,
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
      },
      (response: IncomingMessage) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`The event stream answered ${response.statusCode ?? 'nothing'}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = wallNow();
          const frames = takeEventFrames(buffer + chunk);
          buffer = frames.rest;
          for (const payload of frames.payloads) onEvent(JSON.parse(payload) as StreamedEvent, at);
        });
        response.on('error', () => undefined);
        resolve({ close: () => sent.destroy() });
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}
