import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { actorOf, callerOf } from '../http/request-context.ts';
import {
  exportCaseMeasures,
  hospitalInsights,
  physicianInsights,
  recordSpecialistReportPrint,
  specialistReport,
} from '../insights/insights.ts';

export const insightsHandlers = {
  async getHospitalInsights(request, reply) {
    return reply.code(200).send(await hospitalInsights(request.server.db, callerOf(request), request.query));
  },
  async getPhysicianInsights(request, reply) {
    return reply.code(200).send(await physicianInsights(request.server.db, callerOf(request), request.query));
  },
  async getSpecialistReport(request, reply) {
    return reply.code(200).send(await specialistReport(request.server.db, callerOf(request), request.query));
  },
  async recordSpecialistReportPrint(request, reply) {
    await recordSpecialistReportPrint(request.server.db, actorOf(request), request.query);
    return reply.code(204).send();
  },
  async exportInsightCases(request, reply) {
    const { fileName, body } = await exportCaseMeasures(request.server.db, actorOf(request), request.query);
    void reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store');
    // Streamed as it is read (the contract types the body as a string for clients).
    return reply.code(200).send(body as unknown as string);
  },
} satisfies Pick<
  RouteHandlers,
  | 'getHospitalInsights'
  | 'getPhysicianInsights'
  | 'getSpecialistReport'
  | 'recordSpecialistReportPrint'
  | 'exportInsightCases'
>;
