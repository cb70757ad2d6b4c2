import type { RouteHandlers } from '../../../generated/fastify.gen.ts';
import { authDetails } from '../auth/authenticate.ts';
import { invalidToken } from '../errors.ts';
import { actorOf, callerOf } from '../http/request-context.ts';
import { listMyDevices, removeMyDevice, sendMyDeviceTest, subscribeMyDevice } from '../push/devices.ts';
import { createCalendarFeed, listMyShifts, revokeCalendarFeed } from '../schedules/calendar-feed.ts';
import { readHome } from '../users/home.ts';
import { changeMyPassword, changeMySettings, readMySettings } from '../users/my-settings.ts';
import { readProfile } from '../users/user-profile.ts';

export const meHandlers = {
  async getMe(request, reply) {
    const profile = await readProfile(request.server.db, callerOf(request));
    if (!profile) throw invalidToken(authDetails.unknownUser);
    return reply.code(200).send(profile);
  },
  async listMyShifts(request, reply) {
    return reply.code(200).send({ items: await listMyShifts(request.server.db, callerOf(request)) });
  },
  async createCalendarFeed(request, reply) {
    const { config } = request.server;
    const url = await createCalendarFeed(request.server.db, callerOf(request), config.api.baseUrl);
    // The address is a secret: never kept by a cache.
    return reply.header('cache-control', 'no-store').code(201).send({ url });
  },
  async revokeCalendarFeed(request, reply) {
    await revokeCalendarFeed(request.server.db, callerOf(request));
    return reply.code(204).send();
  },
  async getMySettings(request, reply) {
    const { db, cases } = request.server;
    return reply.code(200).send(await readMySettings(db, callerOf(request), cases.sms !== null));
  },
  async updateMySettings(request, reply) {
    const { db, cases } = request.server;
    return reply
      .code(200)
      .send(await changeMySettings(db, actorOf(request), request.body, cases.sms !== null));
  },
  async changeMyPassword(request, reply) {
    await changeMyPassword(request.server.db, actorOf(request), request.body);
    return reply.code(204).send();
  },
  async getMyHome(request, reply) {
    return reply.code(200).send(await readHome(request.server.db, callerOf(request), new Date()));
  },
  async listMyDevices(request, reply) {
    const { db, cases } = request.server;
    return reply.code(200).send(await listMyDevices(db, callerOf(request), cases.push));
  },
  async subscribeMyDevice(request, reply) {
    const { db, cases } = request.server;
    const device = await subscribeMyDevice(
      db,
      callerOf(request),
      request.params.deviceId,
      request.body,
      cases.push,
      cases.context.clock.now(),
    );
    return reply.code(200).send(device);
  },
  async removeMyDevice(request, reply) {
    await removeMyDevice(request.server.db, callerOf(request), request.params.deviceId);
    return reply.code(204).send();
  },
  async sendMyDeviceTest(request, reply) {
    const { db, cases } = request.server;
    const now = cases.context.clock.now();
    const result = await sendMyDeviceTest(db, callerOf(request), request.params.deviceId, cases.push, now);
    return reply.code(200).send(result);
  },
} satisfies Pick<
  RouteHandlers,
  | 'getMe'
  | 'listMyShifts'
  | 'createCalendarFeed'
  | 'revokeCalendarFeed'
  | 'getMySettings'
  | 'updateMySettings'
  | 'changeMyPassword'
  | 'getMyHome'
  | 'listMyDevices'
  | 'subscribeMyDevice'
  | 'removeMyDevice'
  | 'sendMyDeviceTest'
>;
