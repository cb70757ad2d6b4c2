// What every API request passes before its body is read: the bearer token is checked and the caller's
// request counted, both in onRequest. An anonymous 20 MB upload is refused with its 401 from the headers
// alone, and a flood is refused with 429 whoever sends it.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { LimitsConfig } from '../limits-config.ts';
import { API_PREFIX } from '../openapi.ts';
import { tooManyRequests } from '../errors.ts';

const WINDOW_MS = 60_000;

type Hook = (request: FastifyRequest) => Promise<void>;

function append(route: RouteOptions, hook: Hook): void {
  const existing = route.onRequest;
  route.onRequest = existing === undefined ? [hook] : [...[existing].flat(), hook];
}

/**
 * Call before the routes are registered. Routes the document secures (the glue gives them a preHandler for
 * the bearer scheme) authenticate in onRequest instead; the rate limit counts requests per signed-in user,
 * and per address those without a valid token (so that one hospital's users behind one NAT do not share a
 * budget); a failed authentication answers 401 after it has been counted.
 */
export async function registerApiGuard(
  app: FastifyInstance,
  { authenticate, limits }: { authenticate: () => Authenticator; limits: LimitsConfig },
): Promise<void> {
  const failures = new WeakMap<FastifyRequest, Error>();
  const tryAuthenticate: Hook = async (request) => {
    try {
      await authenticate()(request);
    } catch (error) {
      failures.set(request, error instanceof Error ? error : new Error(String(error)));
    }
  };
  const refuseUnauthenticated: Hook = (request) => {
    const failure = failures.get(request);
    return failure === undefined ? Promise.resolve() : Promise.reject(failure);
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_PREFIX}/`) || route.preHandler === undefined) return;
    // The glue's only preHandler is its security check; it moves ahead of the body.
    delete route.preHandler;
    route.config = { ...(route.config as object), authenticated: true } as RouteOptions['config'];
    append(route, tryAuthenticate);
  });
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: WINDOW_MS,
    allowList: (request) => !request.url.startsWith(`${API_PREFIX}/`),
    keyGenerator: (request) => (request.caller ? `user:${request.caller.id}` : `address:${request.ip}`),
    max: (_request, key) => (key.startsWith('user:') ? limits.perUserPerMinute : limits.perAddressPerMinute),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return tooManyRequests(`Too many requests; try again in ${seconds} seconds`, seconds);
    },
  });
  app.addHook('onRoute', (route) => {
    if ((route.config as { authenticated?: boolean } | undefined)?.authenticated === true) {
      append(route, refuseUnauthenticated);
    }
  });
  // Answers of the API carry patient data or the caller's own: no cache (a browser's, a proxy's) keeps them.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(`${API_PREFIX}/`) && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
