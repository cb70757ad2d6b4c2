// What the SMS fallback tests share: a fake clock, calls with any method as a user, and a specialist who
// turned SMS fallback on with a mobile number, through their own settings as a person would.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MySettings } from '../../../generated/types.gen.ts';
import type { Clock } from '../../../server/src/domain/escalation.ts';
import { tokenFor } from './cases-app.ts';

export function fakeClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

export interface Reply<T> {
  readonly status: number;
  readonly body: T;
}

export async function call<T = { detail: string }>(
  app: FastifyInstance,
  user: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  body?: unknown,
): Promise<Reply<T>> {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      authorization: `Bearer ${await tokenFor(app, user)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: response.statusCode, body: (response.body === '' ? undefined : response.json()) as T };
}

/** Saves the user's settings with these changes on top of what they read. */
export async function saveSettings(
  app: FastifyInstance,
  user: string,
  change: { phone?: string | null; smsFallback?: boolean },
): Promise<Reply<MySettings>> {
  const read = await call<MySettings>(app, user, 'GET', '/me/settings');
  expect(read.status).toBe(200);
  return call<MySettings>(app, user, 'PUT', '/me/settings', {
    displayName: read.body.displayName,
    phone: change.phone === undefined ? read.body.phone : change.phone,
    preferences: read.body.preferences,
    ...(change.smsFallback === undefined ? {} : { smsFallback: change.smsFallback }),
    version: read.body.version,
  });
}

export const MOBILE = '+44 7700 900123';

/** The user turns SMS fallback on with MOBILE as their phone. */
export async function turnSmsOn(app: FastifyInstance, user: string): Promise<void> {
  const saved = await saveSettings(app, user, { phone: MOBILE, smsFallback: true });
  expect(saved.status).toBe(200);
  expect(saved.body.smsFallback).toBe(true);
}
