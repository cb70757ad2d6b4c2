import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { VERSION } from '../version.ts';

export const DATABASE_UNAVAILABLE = 'Database unavailable';

export const healthHandlers = {
  async getHealth(request, reply) {
    const { db } = request.server;
    void reply.header('cache-control', 'no-store');
    try {
      await db.query('select 1');
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database does not answer');
      return reply.code(503).send({ detail: DATABASE_UNAVAILABLE });
    }
    return reply.code(200).send({ status: 'ok', database: db.kind, version: VERSION });
  },
} satisfies Pick<RouteHandlers, 'getHealth'>;
