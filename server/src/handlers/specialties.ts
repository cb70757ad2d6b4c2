import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { callerOf } from '../http/request-context.ts';

interface SpecialtyRow {
  id: string;
  name: string;
  [column: string]: unknown;
}

export const specialtiesHandlers = {
  async listSpecialties(request, reply) {
    const caller = callerOf(request);
    // Collation "C" on lower(name): the same order on PGlite and on any PostgreSQL server's locale.
    const items = await request.server.db.query<SpecialtyRow>(
      `select id, name from specialties where hospital_system_id = $1
       order by lower(name) collate "C", id`,
      [caller.hospitalSystemId],
    );
    return reply.code(200).send({ items: items.map(({ id, name }) => ({ id, name })) });
  },
} satisfies Pick<RouteHandlers, 'listSpecialties'>;
