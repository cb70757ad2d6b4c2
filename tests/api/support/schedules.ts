// Calls /api/v1 as a user with any method (the schedules' operations PUT and DELETE too).
import type { FastifyInstance } from 'fastify';
import { tokenFor } from './cases-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Reply<T> {
  readonly status: number;
  readonly body: T;
}

export async function call<T = { detail: string }>(
  app: FastifyInstance,
  userId: string,
  method: Method,
  path: string,
  body?: unknown,
): Promise<Reply<T>> {
  const response = await app.inject({
    method,
    url: `/api/v1${path}`,
    headers: {
      authorization: `Bearer ${await tokenFor(app, userId)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const text = response.body;
  return { status: response.statusCode, body: (text === '' ? undefined : response.json()) as T };
}
