// Hospitals as their system administrator manages them: list, create, change (versioned), name administrators.
// Only `hospital_system` changes hospitals, and only in its own system; a hospital of another system answers
// 404 as an unknown one does. Every change writes an audit event with the record before and after.
import type {
  AckMinutes,
  ClinicalTargetSetting,
  Hospital,
  HospitalCreate,
  HospitalOverview,
  HospitalUpdate,
} from '../../../generated/types.gen.ts';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { isIanaTimeZone } from '../domain/time-zone.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { findUserByEmail, normaliseEmail } from '../users/users-repository.ts';
import { listCatalogue } from './catalogue-repository.ts';
import { readOverview } from './overview-repository.ts';
import {
  findHospitalClash,
  grantHospitalAdminRole,
  insertNewHospital,
  pageHospitals,
  readHospitalDetail,
  replaceClinicalTargets,
  updateHospitalAtVersion,
  writeAckSeconds,
  type HospitalDetail,
  type HospitalListQuery,
  type HospitalRow,
} from './hospitals-repository.ts';

export const hospitalProblems = {
  systemAdminOnly: 'Only a hospital system administrator manages hospitals',
  adminsOnly: "Only the hospital's administrators and its system administrators read its settings",
  notFound: 'Hospital not found',
  timeZone: (name: string) => `${name} is not an IANA time zone name; use one such as Europe/London`,
  shortCodeTaken: (code: string, name: string) =>
    `The short code ${code} is already used by ${name}; choose another`,
  nameTaken: (name: string) => `A hospital named ${name} already exists in your system`,
  stale:
    'Someone else changed this hospital while you were editing it. Reload to see their change, then make yours again.',
  unknownSpecialty: (id: string) => `${id} is not an active specialty of your hospital system`,
  duplicateTarget: 'Each specialty and urgency takes one clinical target',
  adminUnknown: (email: string) => `No user with the email ${email} works at this hospital`,
} as const;

const DEFAULT_ACK_MINUTES: AckMinutes = { emergent: 5, urgent: 15, routine: 60 };
const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

function assertSystemAdmin(caller: Caller): void {
  if (!caller.roles.includes('hospital_system')) throw forbidden(hospitalProblems.systemAdminOnly);
}

export function toApiHospital(detail: HospitalDetail): Hospital {
  return {
    id: detail.id,
    name: detail.name,
    shortCode: detail.shortCode,
    timeZone: detail.timeZone,
    ackMinutes: {
      emergent: Math.round(detail.ackSeconds.emergent / 60),
      urgent: Math.round(detail.ackSeconds.urgent / 60),
      routine: Math.round(detail.ackSeconds.routine / 60),
    },
    clinicalTargets: detail.clinicalTargets.map((target) => ({
      specialtyId: target.specialtyId,
      urgency: target.urgency,
      minutes: Math.round(target.seconds / 60),
    })),
    admins: [...detail.admins],
    switchboardPhone: detail.switchboardPhone,
    smsFallbackSeconds: { ...detail.smsAfterSeconds },
    version: detail.version,
  };
}

export async function listHospitals(
  db: Database,
  caller: Caller,
  query: HospitalListQuery,
): Promise<{ items: HospitalRow[]; total: number }> {
  assertSystemAdmin(caller);
  return pageHospitals(db, caller.hospitalSystemId, query);
}

/** The hospital, when the caller may read it: its system's administrator, or its own administrator. */
export async function getHospital(db: Database, caller: Caller, hospitalId: string): Promise<Hospital> {
  const detail = await readHospitalDetail(db, hospitalId);
  if (!detail || detail.hospitalSystemId !== caller.hospitalSystemId)
    throw notFound(hospitalProblems.notFound);
  const systemAdmin = caller.roles.includes('hospital_system');
  if (!systemAdmin && caller.hospitalId !== hospitalId) throw notFound(hospitalProblems.notFound);
  if (!systemAdmin && !caller.roles.includes('hospital')) throw forbidden(hospitalProblems.adminsOnly);
  return toApiHospital(detail);
}

async function checkFields(
  db: Database,
  caller: Caller,
  body: HospitalCreate | HospitalUpdate,
  exceptId: string | null,
): Promise<void> {
  if (!isIanaTimeZone(body.timeZone)) {
    throw badRequest([{ loc: ['body', 'timeZone'], msg: hospitalProblems.timeZone(body.timeZone) }]);
  }
  const clash = await findHospitalClash(db, caller.hospitalSystemId, body, exceptId);
  if (clash?.field === 'shortCode')
    throw conflict(hospitalProblems.shortCodeTaken(clash.shortCode, clash.name));
  if (clash) throw conflict(hospitalProblems.nameTaken(clash.name));
  const targets = body.clinicalTargets ?? [];
  const active = new Set(
    (await listCatalogue(db, caller.hospitalSystemId, undefined))
      .filter((specialty) => !specialty.retired)
      .map((specialty) => specialty.id),
  );
  const seen = new Set<string>();
  targets.forEach((target, index) => {
    if (!active.has(target.specialtyId)) {
      throw badRequest([
        {
          loc: ['body', 'clinicalTargets', index, 'specialtyId'],
          msg: hospitalProblems.unknownSpecialty(target.specialtyId),
        },
      ]);
    }
    const key = `${target.specialtyId}/${target.urgency}`;
    if (seen.has(key)) {
      throw badRequest([{ loc: ['body', 'clinicalTargets', index], msg: hospitalProblems.duplicateTarget }]);
    }
    seen.add(key);
  });
}

const toSeconds = (targets: readonly ClinicalTargetSetting[] | undefined) =>
  (targets ?? []).map((target) => ({ ...target, seconds: target.minutes * 60 }));

const ackSecondsOf = (ack: AckMinutes) => ({
  emergent: ack.emergent * 60,
  urgent: ack.urgent * 60,
  routine: ack.routine * 60,
});

/** A name or short code taken between our check and our write: the unique index decides, as a 409. */
async function uniquely<T>(body: { name: string; shortCode: string }, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        `${hospitalProblems.nameTaken(body.name)}, or the short code ${body.shortCode} is taken`,
      );
    }
    throw error;
  }
}

export async function createHospital(db: Database, actor: Actor, body: HospitalCreate): Promise<Hospital> {
  const { caller } = actor;
  assertSystemAdmin(caller);
  const fields = { name: body.name.trim(), shortCode: body.shortCode, timeZone: body.timeZone };
  await checkFields(db, caller, { ...body, ...fields }, null);
  const id = newId('hosp');
  const detail = await uniquely(fields, () =>
    db.transaction(async (tx) => {
      await insertNewHospital(tx, { id, hospitalSystemId: caller.hospitalSystemId, ...fields });
      await writeAckSeconds(tx, id, ackSecondsOf(body.ackMinutes ?? DEFAULT_ACK_MINUTES));
      await replaceClinicalTargets(tx, id, toSeconds(body.clinicalTargets));
      const created = await readHospitalDetail(tx, id);
      if (!created) throw new Error(`Hospital ${id} vanished after its creation`);
      await recordAdminChange(tx, {
        actorId: caller.id,
        at: new Date(),
        address: actor.address,
        action: 'hospital.create',
        hospitalSystemId: caller.hospitalSystemId,
        hospitalId: id,
        targetType: 'hospital',
        targetId: id,
        before: null,
        after: toApiHospital(created),
      });
      return created;
    }),
  );
  return toApiHospital(detail);
}

export async function updateHospital(
  db: Database,
  actor: Actor,
  hospitalId: string,
  body: HospitalUpdate,
): Promise<Hospital> {
  const { caller } = actor;
  assertSystemAdmin(caller);
  const before = await readHospitalDetail(db, hospitalId);
  if (!before || before.hospitalSystemId !== caller.hospitalSystemId)
    throw notFound(hospitalProblems.notFound);
  if (before.version !== body.version) throw conflict(hospitalProblems.stale);
  const fields = { name: body.name.trim(), shortCode: body.shortCode, timeZone: body.timeZone };
  await checkFields(db, caller, { ...body, ...fields }, hospitalId);
  const after = await uniquely(fields, () =>
    db.transaction(async (tx) => {
      // The version in the update's condition decides between two saves that both passed the check above.
      if (!(await updateHospitalAtVersion(tx, hospitalId, body.version, fields))) {
        throw conflict(hospitalProblems.stale);
      }
      await writeAckSeconds(tx, hospitalId, ackSecondsOf(body.ackMinutes));
      await replaceClinicalTargets(tx, hospitalId, toSeconds(body.clinicalTargets));
      const changed = await readHospitalDetail(tx, hospitalId);
      if (!changed) throw new Error(`Hospital ${hospitalId} vanished during its change`);
      await recordAdminChange(tx, {
        actorId: caller.id,
        at: new Date(),
        address: actor.address,
        action: 'hospital.update',
        hospitalSystemId: caller.hospitalSystemId,
        hospitalId,
        targetType: 'hospital',
        targetId: hospitalId,
        before: toApiHospital(before),
        after: toApiHospital(changed),
      });
      return changed;
    }),
  );
  return toApiHospital(after);
}

/** Names an existing user of the hospital as one of its administrators. */
export async function addHospitalAdmin(
  db: Database,
  actor: Actor,
  hospitalId: string,
  email: string,
): Promise<Hospital> {
  const { caller } = actor;
  assertSystemAdmin(caller);
  const before = await readHospitalDetail(db, hospitalId);
  if (!before || before.hospitalSystemId !== caller.hospitalSystemId)
    throw notFound(hospitalProblems.notFound);
  const user = await findUserByEmail(db, normaliseEmail(email));
  if (!user || user.hospitalId !== hospitalId) {
    // The caller reads the address they typed; the log keeps the user's id, or nothing of the address.
    throw badRequest(
      [{ loc: ['body', 'email'], msg: hospitalProblems.adminUnknown(email) }],
      [
        {
          loc: ['body', 'email'],
          msg: user ? `user ${user.id} does not work at this hospital` : 'no user has this address',
        },
      ],
    );
  }
  const after = await db.transaction(async (tx) => {
    if (await grantHospitalAdminRole(tx, user.id)) {
      await recordAdminChange(tx, {
        actorId: caller.id,
        at: new Date(),
        address: actor.address,
        action: 'hospital.admin.add',
        hospitalSystemId: caller.hospitalSystemId,
        hospitalId,
        targetType: 'user',
        targetId: user.id,
        before: { roles: user.roles },
        after: { roles: [...user.roles, 'hospital'] },
      });
    }
    return readHospitalDetail(tx, hospitalId);
  });
  if (!after) throw notFound(hospitalProblems.notFound);
  return toApiHospital(after);
}

export const overviewProblems = {
  administratorsOnly: 'Only hospital and hospital system administrators see the hospitals at a glance',
} as const;

/** The system administrator's hospitals, or the hospital administrator's own, at a glance. */
export async function organisationOverview(
  db: Database,
  caller: Caller,
  at: Date,
): Promise<HospitalOverview[]> {
  if (caller.roles.includes('hospital_system')) return readOverview(db, caller.hospitalSystemId, null, at);
  if (caller.roles.includes('hospital') && caller.hospitalId !== null) {
    return readOverview(db, caller.hospitalSystemId, caller.hospitalId, at);
  }
  throw forbidden(overviewProblems.administratorsOnly);
}
