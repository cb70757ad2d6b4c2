// One of the hospital's settings changed by an administrator (its switchboard number, when offers go by
// SMS): the hospital's own administrator or its system's administrator may; any other hospital answers 404,
// as an unknown one does. The write, the hospital's new version and the audit entry (before and after, both
// read in the change's transaction) commit together, and the answer is the hospital as it now is.
import type { Hospital } from '../../../generated/types.gen.ts';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Actor } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import { forbidden, notFound } from '../errors.ts';
import { hospitalProblems, toApiHospital } from './hospitals.ts';
import { readHospitalDetail, type HospitalDetail } from './hospitals-repository.ts';

export interface HospitalSettingChange {
  /** The audit entry's action, e.g. `hospital.switchboard`. */
  readonly action: string;
  /** The 403 a user of the hospital without an administrator's role gets. */
  readonly adminsOnly: string;
  /** The setting as the audit entry shows it, read from the hospital before and after the write. */
  readonly audited: (hospital: HospitalDetail) => Record<string, unknown>;
  /** Writes the setting and moves the hospital's version on; false for an unknown hospital. */
  readonly write: (tx: Queryable) => Promise<boolean>;
}

export async function changeHospitalSetting(
  db: Database,
  actor: Actor,
  hospitalId: string,
  change: HospitalSettingChange,
): Promise<Hospital> {
  const { caller } = actor;
  const hospital = await readHospitalDetail(db, hospitalId);
  if (!hospital || hospital.hospitalSystemId !== caller.hospitalSystemId)
    throw notFound(hospitalProblems.notFound);
  const systemAdmin = caller.roles.includes('hospital_system');
  if (!systemAdmin && caller.hospitalId !== hospitalId) throw notFound(hospitalProblems.notFound);
  if (!systemAdmin && !caller.roles.includes('hospital')) throw forbidden(change.adminsOnly);
  const after = await db.transaction(async (tx) => {
    const before = await readHospitalDetail(tx, hospitalId);
    if (!before || !(await change.write(tx))) throw notFound(hospitalProblems.notFound);
    const written = await readHospitalDetail(tx, hospitalId);
    if (!written) throw notFound(hospitalProblems.notFound);
    await recordAdminChange(tx, {
      actorId: caller.id,
      at: new Date(),
      address: actor.address,
      action: change.action,
      targetType: 'hospital',
      targetId: hospitalId,
      hospitalSystemId: hospital.hospitalSystemId,
      hospitalId,
      before: change.audited(before),
      after: change.audited(written),
    });
    return written;
  });
  return toApiHospital(after);
}
