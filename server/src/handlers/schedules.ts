import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { requestBodyRequired } from '../errors.ts';
import { callerOf } from '../http/request-context.ts';
import { getCoverage } from '../schedules/coverage.ts';
import { handOverShift } from '../schedules/handover.ts';
import { copyShiftWeek, repeatShifts } from '../schedules/shift-batches.ts';
import { createShift, deleteShift, getShift, listShifts, updateShift } from '../schedules/shifts.ts';
import {
  addTimeOff,
  deleteTimeOff,
  listSpecialistSchedules,
  setAvailability,
} from '../schedules/specialists.ts';

function bodyOf<T>(body: T | undefined): T {
  if (body === undefined) throw requestBodyRequired();
  return body;
}

export const schedulesHandlers = {
  async listShifts(request, reply) {
    const items = await listShifts(request.server.db, callerOf(request), request.query);
    return reply.code(200).send({ items });
  },
  async createShift(request, reply) {
    return reply
      .code(201)
      .send(await createShift(request.server.db, callerOf(request), bodyOf(request.body)));
  },
  async getShift(request, reply) {
    return reply.code(200).send(await getShift(request.server.db, callerOf(request), request.params.shiftId));
  },
  async updateShift(request, reply) {
    const shift = await updateShift(
      request.server.db,
      callerOf(request),
      request.params.shiftId,
      bodyOf(request.body),
    );
    return reply.code(200).send(shift);
  },
  async deleteShift(request, reply) {
    await deleteShift(request.server.db, callerOf(request), request.params.shiftId);
    return reply.code(204).send();
  },
  async handOverShift(request, reply) {
    const result = await handOverShift(
      request.server.db,
      callerOf(request),
      request.params.shiftId,
      bodyOf(request.body),
    );
    return reply.code(200).send(result);
  },
  async repeatShifts(request, reply) {
    const items = await repeatShifts(request.server.db, callerOf(request), bodyOf(request.body));
    return reply.code(201).send({ items });
  },
  async copyShiftWeek(request, reply) {
    const items = await copyShiftWeek(request.server.db, callerOf(request), bodyOf(request.body));
    return reply.code(201).send({ items });
  },
  async getCoverage(request, reply) {
    return reply.code(200).send(await getCoverage(request.server.db, callerOf(request)));
  },
  async listSpecialistSchedules(request, reply) {
    return reply.code(200).send(await listSpecialistSchedules(request.server.db, callerOf(request)));
  },
  async setAvailability(request, reply) {
    const schedule = await setAvailability(
      request.server.db,
      callerOf(request),
      request.params.specialistId,
      bodyOf(request.body),
    );
    return reply.code(200).send(schedule);
  },
  async addTimeOff(request, reply) {
    const schedule = await addTimeOff(
      request.server.db,
      callerOf(request),
      request.params.specialistId,
      bodyOf(request.body),
    );
    return reply.code(201).send(schedule);
  },
  async deleteTimeOff(request, reply) {
    await deleteTimeOff(request.server.db, callerOf(request), request.params.timeOffId);
    return reply.code(204).send();
  },
} satisfies Pick<
  RouteHandlers,
  | 'listShifts'
  | 'createShift'
  | 'getShift'
  | 'updateShift'
  | 'deleteShift'
  | 'handOverShift'
  | 'repeatShifts'
  | 'copyShiftWeek'
  | 'getCoverage'
  | 'listSpecialistSchedules'
  | 'setAvailability'
  | 'addTimeOff'
  | 'deleteTimeOff'
>;
