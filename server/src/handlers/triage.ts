import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import {
  getTriageAssessment,
  listTriageAssessments,
  saveTriageAssessment,
} from '../cases/triage-assessments.ts';
import { actorOf, callerOf } from '../http/request-context.ts';

export const triageHandlers = {
  async listTriageAssessments(request, reply) {
    const { caller } = actorOf(request);
    const items = await listTriageAssessments(request.server.db, caller, request.query?.hospitalId);
    return reply.code(200).send({ items });
  },
  async getTriageAssessment(request, reply) {
    const assessment = await getTriageAssessment(
      request.server.db,
      callerOf(request),
      request.params.specialtyId,
      request.query?.hospitalId,
    );
    return reply.code(200).send(assessment);
  },
  async saveTriageAssessment(request, reply) {
    const { db } = request.server;
    const saved = await saveTriageAssessment(db, actorOf(request), request.params.specialtyId, request.body);
    return reply.code(200).send(saved);
  },
} satisfies Pick<RouteHandlers, 'listTriageAssessments' | 'getTriageAssessment' | 'saveTriageAssessment'>;
