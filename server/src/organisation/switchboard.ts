// The hospital's switchboard number, which the new-case form shows when nobody is on call for a specialty.
// The hospital's own administrator keeps it (and its system's administrator); any other hospital answers 404,
// as an unknown one does. The change is audited with its before and after.
import type { Hospital } from '../../../generated/types.gen.ts';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Actor } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { forbidden, notFound } from '../errors.ts';
import { hospitalProblems, toApiHospital } from './hospitals.ts';
import { readHospitalDetail, writeSwitchboardPhone } from './hospitals-repository.ts';

export const switchboardProblems = {
  adminsOnly: "Only the hospital's administrators and its system administrators set its switchboard number",
} as const;

export async function updateSwitchboard(
  db: Database,
  actor: Actor,
  hospitalId: string,
  phone: string | null,
): Promise<Hospital> {
  const { caller } = actor;
  const before = await readHospitalDetail(db, hospitalId);
  if (!before || before.hospitalSystemId !== caller.hospitalSystemId)
    throw notFound(hospitalProblems.notFound);
  const systemAdmin = caller.roles.includes('hospital_system');
  if (!systemAdmin && caller.hospitalId !== hospitalId) throw notFound(hospitalProblems.notFound);
  if (!systemAdmin && !caller.roles.includes('hospital')) throw forbidden(switchboardProblems.adminsOnly);
  const value = phone === null || phone.trim() === '' ? null : phone.trim();
  const after = await db.transaction(async (tx) => {
    if (!(await writeSwitchboardPhone(tx, hospitalId, value))) throw notFound(hospitalProblems.notFound);
    await recordAdminChange(tx, {
      actorId: caller.id,
      at: new Date(),
      address: actor.address,
      action: 'hospital.switchboard',
      targetType: 'hospital',
      targetId: hospitalId,
      hospitalSystemId: before.hospitalSystemId,
      hospitalId,
      before: { switchboardPhone: before.switchboardPhone },
      after: { switchboardPhone: value },
    });
    return readHospitalDetail(tx, hospitalId);
  });
  if (!after) throw notFound(hospitalProblems.notFound);
  return toApiHospital(after);
}
