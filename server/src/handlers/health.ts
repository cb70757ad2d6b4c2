import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { checkHealth } from '../health/health-check.ts';
import { VERSION } from '../version.ts';

export const DATABASE_UNAVAILABLE = 'Database unavailable';

export const healthHandlers = {
  async getHealth(request, reply) {
    void reply.header('cache-control', 'no-store');
    const health = await checkHealth(request.server.db);
    if (!health.ok) {
      request.log.error({ err: health.error }, 'health check: the database does not answer');
      return reply.code(503).send({ detail: DATABASE_UNAVAILABLE });
    }
    return reply.code(200).send({ status: 'ok', database: health.database, version: VERSION });
  },

  // Liveness: the process answers. Nothing outside it is asked, so a database outage takes every process out
  // of the load balancer (readiness) without having them all restarted.
  async getHealthLive(_request, reply) {
    void reply.header('cache-control', 'no-store');
    return reply.code(200).send({ status: 'ok', version: VERSION });
  },

  async getHealthReady(request, reply) {
    void reply.header('cache-control', 'no-store');
    const readiness = await request.server.operations.readiness();
    if (readiness.error !== undefined) {
      request.log.error({ err: readiness.error }, 'readiness check: the database does not answer');
    }
    const body = {
      status: readiness.ready ? ('ready' as const) : ('not_ready' as const),
      ...(readiness.detail === null ? {} : { detail: readiness.detail }),
      database: request.server.db.kind,
      version: VERSION,
      checks: readiness.checks,
    };
    return reply.code(readiness.ready ? 200 : 503).send(body);
  },
} satisfies Pick<RouteHandlers, 'getHealth' | 'getHealthLive' | 'getHealthReady'>;
