// The caller's devices: subscribing one to Web Push (behind the SSRF guard), listing them with their last
// delivery, a test notification, removing one.
import type {
  Device,
  DeviceList,
  DeviceSubscription,
  DeviceTestResult,
} from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { testPushAlert } from '../domain/push-alert.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { endpointProblem } from './endpoint-guard.ts';
import {
  countDevices,
  deleteDevice,
  deleteDeviceByEndpoint,
  markDeviceDelivered,
  markDeviceFailed,
  readDevice,
  readDevices,
  toDevice,
  upsertDevice,
} from './push-repository.ts';
import { pushTo } from './push-sender.ts';
import type { PushService } from './push-service.ts';

export const MAX_DEVICES = 20;

export const deviceDetails = {
  unknown: 'No such device: it may have been removed',
  tooMany: `At most ${MAX_DEVICES} devices get alerts: remove one you no longer use first`,
} as const;

export async function listMyDevices(db: Database, caller: Caller, push: PushService): Promise<DeviceList> {
  const [settings, rows] = await Promise.all([push.settings(), readDevices(db, caller.id)]);
  return { vapidPublicKey: settings.vapid.publicKey, items: rows.map(toDevice) };
}

export async function subscribeMyDevice(
  db: Database,
  caller: Caller,
  deviceId: string,
  subscription: DeviceSubscription,
  push: PushService,
  now: Date,
): Promise<Device> {
  const problem = await endpointProblem(subscription.endpoint, push.allowInsecureLocal, {
    acceptUnresolved: true,
  });
  if (problem !== null) throw badRequest(problem);
  const row = await db.transaction(async (tx) => {
    const existing = await readDevice(tx, caller.id, deviceId);
    if (existing === undefined && (await countDevices(tx, caller.id)) >= MAX_DEVICES) {
      throw conflict(deviceDetails.tooMany);
    }
    return upsertDevice(tx, {
      id: deviceId,
      userId: caller.id,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      label: subscription.label.trim() || 'This device',
      at: now,
    });
  });
  return toDevice(row);
}

export async function removeMyDevice(db: Database, caller: Caller, deviceId: string): Promise<void> {
  if (!(await deleteDevice(db, caller.id, deviceId))) throw notFound(deviceDetails.unknown);
}

export async function sendMyDeviceTest(
  db: Database,
  caller: Caller,
  deviceId: string,
  push: PushService,
  now: Date,
): Promise<DeviceTestResult> {
  const device = await readDevice(db, caller.id, deviceId);
  if (device === undefined) throw notFound(deviceDetails.unknown);
  const sent = await pushTo(device, testPushAlert(push.appUrl), await push.settings());
  if (sent.outcome === 'delivered') {
    await markDeviceDelivered(db, device.endpoint, now);
    return { result: 'delivered' };
  }
  if (sent.outcome === 'gone') {
    await deleteDeviceByEndpoint(db, device.endpoint);
    return { result: 'removed' };
  }
  push.warn({ userId: caller.id, deviceId, status: sent.status }, 'push: the test notification failed');
  await markDeviceFailed(db, device.endpoint, now);
  return { result: 'failed' };
}
