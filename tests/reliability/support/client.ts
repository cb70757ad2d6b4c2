// Calls to a server process over HTTP, signed as the embedded provider signs (the signing key read from the
// database beforehand), for the suites that run the server as a child process.
import { importJWK, SignJWT, type JWK } from 'jose';
import { takeEventFrames } from '../../support/event-frames.ts';
import { PUBLIC_URL } from './server-process.ts';

export type Signer = (userId: string, roles: readonly string[]) => Promise<string>;

/** Signs access tokens as the server under PUBLIC_URL expects them (issuer, audience, scope defaults). */
export function signerFor(jwk: JWK): Signer {
  const key = importJWK(jwk, 'RS256');
  const cache = new Map<string, Promise<string>>();
  return (userId, roles) => {
    const id = `${userId}:${roles.join(',')}`;
    let token = cache.get(id);
    if (token === undefined) {
      token = key.then((imported) =>
        new SignJWT({ roles: [...roles], scope: 'api://case-router/access' })
          .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
          .setIssuer(`${PUBLIC_URL}/oidc`)
          .setAudience('api://case-router')
          .setSubject(userId)
          .setIssuedAt()
          .setExpirationTime('30m')
          .sign(imported),
      );
      cache.set(id, token);
    }
    return token;
  };
}

export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/** One API call; a connection refused or reset rejects (the caller decides what an unanswered call means). */
export async function call<T = { detail?: unknown }>(
  baseUrl: string,
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    body: (type.includes('json') && text !== '' ? JSON.parse(text) : text) as T,
    headers: response.headers,
  };
}

export interface EventStream {
  readonly status: number;
  readonly headers: Headers;
  /** Every `data:` payload received, parsed. */
  readonly events: Record<string, unknown>[];
  /** Resolves when the server ends the stream (true), or it failed (false). */
  readonly ended: Promise<boolean>;
  next(predicate: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  close(): void;
}

export async function openEventStream(baseUrl: string, token: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: Record<string, unknown>[] = [];
  const waiters = new Set<{
    predicate: (event: Record<string, unknown>) => boolean;
    resolve: (event: Record<string, unknown>) => void;
  }>();
  const ended = (async (): Promise<boolean> => {
    if (!response.ok || !response.body) return false;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return true;
        const frames = takeEventFrames(buffer + value);
        buffer = frames.rest;
        for (const payload of frames.payloads) {
          const event = JSON.parse(payload) as Record<string, unknown>;
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(event)) {
              waiters.delete(waiter);
              waiter.resolve(event);
            }
          }
        }
      }
    } catch {
      return false;
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    next(predicate) {
      const already = events.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolveEvent) => {
        waiters.add({ predicate, resolve: resolveEvent });
      });
    },
    close() {
      controller.abort();
    },
  };
}
