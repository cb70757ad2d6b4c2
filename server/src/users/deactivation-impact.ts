// What deactivating a user breaks, said before it is done and told to the ER admins once it is: the user's
// on-call shifts under way or to come. Routing skips a deactivated primary, so a primary's whole shift leaves
// its specialty uncovered (new cases go to every specialist of it); a backup's shift keeps its primary.
import type { DeactivationImpact, ShiftAtRisk } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import { decideManage, manageDetails } from '../auth/signup-policy.ts';
import type { Queryable } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { forbidden, notFound } from '../errors.ts';
import { insertNotifications } from '../notifications/notifications-repository.ts';
import { listShiftRowsOf } from '../schedules/shifts-repository.ts';
import { findUserAccount } from './user-accounts-repository.ts';
import { userIdsWithRole } from './users-repository.ts';

const LISTED = 100;
// Shifts are planned weeks ahead; a year covers every schedule an ER keeps.
const HORIZON_MS = 366 * 86_400_000;

export async function shiftsAtRisk(db: Queryable, userId: string, now: Date): Promise<ShiftAtRisk[]> {
  const rows = await listShiftRowsOf(db, userId, now, new Date(now.getTime() + HORIZON_MS));
  return rows.map((row) => {
    const primary = row.primary_id === userId;
    return {
      shiftId: row.id,
      specialty: { id: row.specialty_id, name: row.specialty_name },
      startsAt: new Date(row.starts_at).toISOString(),
      endsAt: new Date(row.ends_at).toISOString(),
      role: primary ? 'primary' : 'backup',
      leavesUncovered: primary,
    };
  });
}

/** For the callers who may deactivate the user (as updateUser decides); any other user answers 404. */
export async function getDeactivationImpact(
  db: Queryable,
  caller: Caller,
  userId: string,
  now: Date,
): Promise<DeactivationImpact> {
  const target = await findUserAccount(db, userId);
  const decision = target ? decideManage(caller, target) : 'not-found';
  if (!target || decision === 'not-found') throw notFound('No such user');
  if (decision === 'forbidden') throw forbidden(manageDetails.roleNotAllowed);
  const shifts = await shiftsAtRisk(db, userId, now);
  return { shifts: shifts.slice(0, LISTED), more: shifts.length > LISTED };
}

const dayFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * Tells the hospital's ER admins (but the one who did it) which shifts a deactivation left uncovered or
 * without a backup. Nothing when the user had no shift under way or to come.
 */
export async function tellAdminsOfDeactivation(
  tx: Queryable,
  change: {
    hospitalId: string;
    timeZone: string;
    user: { id: string; displayName: string };
    actorId: string;
    now: Date;
  },
): Promise<void> {
  const shifts = await shiftsAtRisk(tx, change.user.id, change.now);
  if (shifts.length === 0) return;
  const admins = (await userIdsWithRole(tx, change.hospitalId, 'emergency_room_admin')).filter(
    (id) => id !== change.actorId,
  );
  if (admins.length === 0) return;
  const format = dayFormat(change.timeZone);
  const uncovered = shifts.filter((shift) => shift.leavesUncovered);
  const first = uncovered[0] ?? shifts[0];
  const what =
    uncovered.length > 0
      ? `${String(uncovered.length)} on-call shift${uncovered.length === 1 ? '' : 's'} now uncovered, the first ${first?.specialty.name ?? ''} from ${first ? format.format(new Date(first.startsAt)) : ''}`
      : `${String(shifts.length)} shift${shifts.length === 1 ? '' : 's'} now without a backup`;
  await insertNotifications(tx, {
    ids: admins.map(() => newId('ntf')),
    userIds: admins,
    caseId: null,
    kind: 'coverage_gap',
    actorId: change.actorId,
    action: `${change.user.displayName} was deactivated: ${what}`,
    message: null,
    at: change.now,
  });
}
