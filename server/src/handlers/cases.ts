import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import {
  acceptCase,
  cancelCase,
  closeCase,
  createCase,
  declineCase,
  postMessage,
  recordReceipt,
  submitConsultation,
} from '../cases/case-commands.ts';
import { addCaseAnswers } from '../cases/case-answers.ts';
import { getCase, listCases } from '../cases/case-queries.ts';
import { reassignCase } from '../cases/reassign.ts';
import { repageCase } from '../cases/repage.ts';
import { actorOf } from '../http/request-context.ts';

export const casesHandlers = {
  async listCases(request, reply) {
    const page = await listCases(request.server.cases.context, actorOf(request), request.query ?? {});
    return reply.code(200).send(page);
  },
  async createCase(request, reply) {
    const result = await createCase(
      request.server.cases.context,
      actorOf(request),
      request.body,
      request.headers['idempotency-key'],
    );
    return reply.code(result.created ? 201 : 200).send(result.case);
  },
  async getCase(request, reply) {
    return reply
      .code(200)
      .send(await getCase(request.server.cases.context, actorOf(request), request.params.caseId));
  },
  async cancelCase(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(200)
      .send(await cancelCase(context, actorOf(request), request.params.caseId, request.body.reason));
  },
  async addCaseAnswers(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(200)
      .send(await addCaseAnswers(context, actorOf(request), request.params.caseId, request.body));
  },
  async acceptCase(request, reply) {
    return reply
      .code(200)
      .send(await acceptCase(request.server.cases.context, actorOf(request), request.params.caseId));
  },
  async declineCase(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(200)
      .send(await declineCase(context, actorOf(request), request.params.caseId, request.body.reason));
  },
  async repageCase(request, reply) {
    return reply
      .code(200)
      .send(await repageCase(request.server.cases.context, actorOf(request), request.params.caseId));
  },
  async reassignCase(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(200)
      .send(await reassignCase(context, actorOf(request), request.params.caseId, request.body.specialistId));
  },
  async recordCaseReceipt(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(200)
      .send(await recordReceipt(context, actorOf(request), request.params.caseId, request.body.kind));
  },
  async postCaseMessage(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(201)
      .send(await postMessage(context, actorOf(request), request.params.caseId, request.body.body));
  },
  async submitConsultation(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(200)
      .send(await submitConsultation(context, actorOf(request), request.params.caseId, request.body));
  },
  async closeCase(request, reply) {
    const { context } = request.server.cases;
    return reply
      .code(200)
      .send(await closeCase(context, actorOf(request), request.params.caseId, request.body));
  },
} satisfies Pick<
  RouteHandlers,
  | 'listCases'
  | 'createCase'
  | 'getCase'
  | 'cancelCase'
  | 'addCaseAnswers'
  | 'acceptCase'
  | 'declineCase'
  | 'repageCase'
  | 'reassignCase'
  | 'recordCaseReceipt'
  | 'postCaseMessage'
  | 'submitConsultation'
  | 'closeCase'
>;
