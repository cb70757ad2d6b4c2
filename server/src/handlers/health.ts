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
} satisfies Pick<RouteHandlers, 'getHealth'>;
