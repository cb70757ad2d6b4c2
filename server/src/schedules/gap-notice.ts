// The routing rules' no-coverage fallback, seen from the schedule: a change that leaves a specialty without a
// shift covering now tells the hospital's ER admins (new cases of the specialty go to every specialist of it).
import type { Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { insertNotifications } from '../notifications/notifications-repository.ts';
import { userIdsWithRole } from '../users/users-repository.ts';
import { findCoveringShift } from './shifts-repository.ts';

export async function notifyIfCoverageLost(
  tx: Queryable,
  change: {
    hospitalId: string;
    specialtyId: string;
    specialtyName: string;
    actorId: string | null;
    now: Date;
    /** Whether the changed shift covered now before the change. */
    wasCovering: boolean;
  },
): Promise<boolean> {
  if (!change.wasCovering) return false;
  if (await findCoveringShift(tx, change.hospitalId, change.specialtyId, change.now)) return false;
  const admins = (await userIdsWithRole(tx, change.hospitalId, 'emergency_room_admin')).filter(
    (id) => id !== change.actorId,
  );
  if (admins.length === 0) return true;
  await insertNotifications(tx, {
    ids: admins.map(() => newId('ntf')),
    userIds: admins,
    caseId: null,
    kind: 'coverage_gap',
    actorId: change.actorId,
    action: `No on-call coverage for ${change.specialtyName} now: new cases go to every ${change.specialtyName} specialist`,
    message: null,
    at: change.now,
  });
  return true;
}
