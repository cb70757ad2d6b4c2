// Administering users: the scope's list, changes to specialties, contact details and the active flag (guarded by
// the user's version), and the administrative audit log. Who may do what is auth/signup-policy.ts.
import type {
  AdminAuditEventList,
  ListAdminAuditData,
  ListUsersData,
  UserAccount,
  UserAccountList,
  UserUpdate,
} from '../../../generated/types.gen.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import { decideManage, manageDetails, userListScope } from '../auth/signup-policy.ts';
import { listAdminChanges, recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Database, Queryable } from '../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { findHospital, knownSpecialtyNames } from '../organisation/organisation-repository.ts';
import { deleteCalendarFeed } from '../schedules/calendar-feeds-repository.ts';
import {
  findUserAccount,
  listUserAccounts,
  updateUserAccount,
  type UserAccountChange,
  type UserAccountRow,
} from './user-accounts-repository.ts';
import { signupProblems } from './signup.ts';
import { tellAdminsOfDeactivation } from './deactivation-impact.ts';
import { hospitalTimeZone } from '../schedules/shifts-repository.ts';

export const userAdminProblems = {
  staleVersion: (current: number) =>
    `Someone else changed this user since you opened it (it is now at version ${current}). Reload it and make your change again.`,
  notFound: 'No such user',
  specialtiesNotForRole: 'Only specialists have specialty types: leave specialtyTypes out for this user',
  auditNotAllowed: 'Only a hospital admin or a hospital system admin may read the administrative audit log',
} as const;

function toApi(row: UserAccountRow): UserAccount {
  return {
    id: row.id,
    displayName: row.displayName,
    email: row.email,
    roles: [...row.roles],
    hospitalId: row.hospitalId,
    specialtyTypes: [...row.specialtyTypes],
    phone: row.phone,
    pager: row.pager,
    active: row.active,
    version: row.version,
    createdAt: row.createdAt,
  };
}

export async function listUsers(
  db: Queryable,
  caller: Caller,
  query: NonNullable<ListUsersData['query']>,
): Promise<UserAccountList> {
  const named =
    query.hospitalId === undefined ? undefined : ((await findHospital(db, query.hospitalId)) ?? null);
  const scope = userListScope(caller, named);
  if (scope === 'forbidden') throw forbidden(manageDetails.notAdministrator);
  if (scope === 'not-found') throw notFound('No such hospital');
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 25;
  const page = await listUserAccounts(db, {
    hospitalSystemId: caller.hospitalSystemId,
    hospitalId: scope.hospitalId,
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(query.role === undefined ? {} : { role: query.role }),
    sort: query.sort ?? 'name',
    descending: query.order === 'desc',
    offset,
    limit,
  });
  return { items: page.items.map(toApi), total: page.total, offset, limit };
}

function blankToNull(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The fields of `row` that `change` touches, as the audit log keeps them. */
function auditedFields(row: UserAccountRow, change: UserAccountChange): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (change.specialtyTypes !== undefined) fields['specialtyTypes'] = row.specialtyTypes;
  if (change.phone !== undefined) fields['phone'] = row.phone;
  if (change.pager !== undefined) fields['pager'] = row.pager;
  if (change.active !== undefined) fields['active'] = row.active;
  return fields;
}

function actionOf(before: UserAccountRow, change: UserAccountChange): string {
  if (change.active === false && before.active) return 'user.deactivated';
  if (change.active === true && !before.active) return 'user.reactivated';
  return 'user.updated';
}

export async function updateUser(
  db: Database,
  actor: Actor,
  userId: string,
  body: UserUpdate,
): Promise<UserAccount> {
  const { caller } = actor;
  const target = await findUserAccount(db, userId);
  const decision = target ? decideManage(caller, target) : 'not-found';
  if (!target || decision === 'not-found') throw notFound(userAdminProblems.notFound);
  if (decision === 'forbidden') throw forbidden(manageDetails.roleNotAllowed);
  if (body.active === false && target.id === caller.id) throw forbidden(manageDetails.ownAccount);

  const change: { -readonly [K in keyof UserAccountChange]: UserAccountChange[K] } = {};
  if (body.specialtyTypes !== undefined) {
    if (!target.roles.includes('specialist')) throw badRequest(userAdminProblems.specialtiesNotForRole);
    const names = [...new Set(body.specialtyTypes.map((name) => name.trim()))];
    const known = await knownSpecialtyNames(db, caller.hospitalSystemId, names);
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length > 0) throw badRequest(signupProblems.unknownSpecialty(unknown));
    change.specialtyTypes = names;
  }
  const phone = blankToNull(body.phone);
  if (phone !== undefined) change.phone = phone;
  const pager = blankToNull(body.pager);
  if (pager !== undefined) change.pager = pager;
  if (body.active !== undefined) change.active = body.active;

  return db.transaction(async (tx) => {
    const updated = await updateUserAccount(tx, userId, body.version, change);
    if (!updated) {
      const current = await findUserAccount(tx, userId);
      if (!current) throw notFound(userAdminProblems.notFound);
      throw conflict(userAdminProblems.staleVersion(current.version));
    }
    // A deactivated account reaches nothing more: its calendar feed is revoked (a reactivation makes no old
    // address work again; the specialist asks for a new one).
    if (target.active && !updated.active) await deleteCalendarFeed(tx, userId);
    await recordAdminChange(tx, {
      actorId: caller.id,
      action: actionOf(target, change),
      targetType: 'user',
      targetId: userId,
      hospitalSystemId: updated.hospitalSystemId,
      hospitalId: updated.hospitalId,
      before: auditedFields(target, change),
      after: auditedFields(updated, change),
      address: actor.address,
      at: new Date(),
    });
    // A deactivation that leaves shifts uncovered is told to the ER admins at once.
    if (change.active === false && target.active && updated.hospitalId !== null) {
      await tellAdminsOfDeactivation(tx, {
        hospitalId: updated.hospitalId,
        timeZone: await hospitalTimeZone(tx, updated.hospitalId),
        user: { id: updated.id, displayName: updated.displayName },
        actorId: caller.id,
        now: new Date(),
      });
    }
    return toApi(updated);
  });
}

export async function listAdminAudit(
  db: Queryable,
  caller: Caller,
  query: NonNullable<ListAdminAuditData['query']>,
): Promise<AdminAuditEventList> {
  let hospitalId: string | undefined;
  if (caller.roles.includes('hospital_system')) hospitalId = undefined;
  else if (caller.roles.includes('hospital') && caller.hospitalId !== null) hospitalId = caller.hospitalId;
  else throw forbidden(userAdminProblems.auditNotAllowed);
  const limit = query.limit ?? 25;
  const rows = await listAdminChanges(
    db,
    { hospitalSystemId: caller.hospitalSystemId, ...(hospitalId === undefined ? {} : { hospitalId }) },
    { limit: limit + 1, ...(query.cursor === undefined ? {} : { beforeId: Number(query.cursor) }) },
  );
  const items = rows.slice(0, limit).map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actorId === null ? null : { id: row.actorId, displayName: row.actorName ?? '' },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    hospitalId: row.hospitalId,
    before: row.before,
    after: row.after,
    address: row.address,
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? last.id : null };
}
