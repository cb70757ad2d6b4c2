import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { actorOf, callerOf } from '../http/request-context.ts';
import { addSpecialty, changeSpecialty, readCatalogue } from '../organisation/catalogue.ts';
import {
  addHospitalAdmin,
  createHospital,
  getHospital,
  listHospitals,
  organisationOverview,
  updateHospital,
} from '../organisation/hospitals.ts';
import { updateSmsFallbackPolicy } from '../organisation/sms-fallback-policy.ts';
import { updateSwitchboard } from '../organisation/switchboard.ts';

export const organisationHandlers = {
  async listHospitals(request, reply) {
    const query = request.query ?? {};
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const result = await listHospitals(request.server.db, callerOf(request), {
      ...(query.q === undefined ? {} : { q: query.q }),
      sort: query.sort ?? 'name',
      order: query.order ?? 'asc',
      page,
      pageSize,
    });
    return reply.code(200).send({ ...result, page, pageSize });
  },
  async createHospital(request, reply) {
    return reply.code(201).send(await createHospital(request.server.db, actorOf(request), request.body));
  },
  async getHospital(request, reply) {
    const hospital = await getHospital(request.server.db, callerOf(request), request.params.hospitalId);
    return reply.code(200).send(hospital);
  },
  async updateHospital(request, reply) {
    const { db } = request.server;
    return reply
      .code(200)
      .send(await updateHospital(db, actorOf(request), request.params.hospitalId, request.body));
  },
  async updateHospitalSwitchboard(request, reply) {
    const { db } = request.server;
    const { hospitalId } = request.params;
    const hospital = await updateSwitchboard(db, actorOf(request), hospitalId, request.body.switchboardPhone);
    return reply.code(200).send(hospital);
  },
  async updateHospitalSmsFallback(request, reply) {
    const { db } = request.server;
    const { hospitalId } = request.params;
    return reply
      .code(200)
      .send(await updateSmsFallbackPolicy(db, actorOf(request), hospitalId, request.body));
  },
  async addHospitalAdmin(request, reply) {
    const { db } = request.server;
    const hospital = await addHospitalAdmin(
      db,
      actorOf(request),
      request.params.hospitalId,
      request.body.email,
    );
    return reply.code(200).send(hospital);
  },
  async getOrganisationOverview(request, reply) {
    const hospitals = await organisationOverview(request.server.db, callerOf(request), new Date());
    return reply.code(200).send({ hospitals });
  },
  async listSpecialtyCatalogue(request, reply) {
    const items = await readCatalogue(request.server.db, callerOf(request), request.query?.q);
    return reply.code(200).send({ items });
  },
  async createSpecialty(request, reply) {
    return reply.code(201).send(await addSpecialty(request.server.db, actorOf(request), request.body));
  },
  async updateSpecialty(request, reply) {
    const { db } = request.server;
    return reply
      .code(200)
      .send(await changeSpecialty(db, actorOf(request), request.params.specialtyId, request.body));
  },
} satisfies Pick<
  RouteHandlers,
  | 'listHospitals'
  | 'createHospital'
  | 'getHospital'
  | 'updateHospital'
  | 'updateHospitalSwitchboard'
  | 'updateHospitalSmsFallback'
  | 'addHospitalAdmin'
  | 'getOrganisationOverview'
  | 'listSpecialtyCatalogue'
  | 'createSpecialty'
  | 'updateSpecialty'
>;
