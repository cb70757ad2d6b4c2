// When the hospital's undelivered offers go by SMS: seconds per urgency (10 s to 1 hour, defaults 60, 120 and
// 300), policy as data kept with the hospital's case settings. Its own administrator sets it (and its
// system's administrator); any other hospital answers 404, as an unknown one does. Audited before and after.
import type { Hospital, SmsFallbackSeconds } from '../../../generated/types.gen.ts';
import { recordAdminChange } from '../audit/admin-audit-repository.ts';
import type { Actor } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { forbidden, notFound } from '../errors.ts';
import { writeSmsDelays } from '../sms/sms-repository.ts';
import { hospitalProblems, toApiHospital } from './hospitals.ts';
import { bumpHospitalVersion, readHospitalDetail } from './hospitals-repository.ts';

export const smsFallbackProblems = {
  adminsOnly: "Only the hospital's administrators and its system administrators set when offers go by SMS",
} as const;

export async function updateSmsFallbackPolicy(
  db: Database,
  actor: Actor,
  hospitalId: string,
  seconds: SmsFallbackSeconds,
): Promise<Hospital> {
  const { caller } = actor;
  const before = await readHospitalDetail(db, hospitalId);
  if (!before || before.hospitalSystemId !== caller.hospitalSystemId)
    throw notFound(hospitalProblems.notFound);
  const systemAdmin = caller.roles.includes('hospital_system');
  if (!systemAdmin && caller.hospitalId !== hospitalId) throw notFound(hospitalProblems.notFound);
  if (!systemAdmin && !caller.roles.includes('hospital')) throw forbidden(smsFallbackProblems.adminsOnly);
  const value = { emergent: seconds.emergent, urgent: seconds.urgent, routine: seconds.routine };
  const after = await db.transaction(async (tx) => {
    if (!(await bumpHospitalVersion(tx, hospitalId))) throw notFound(hospitalProblems.notFound);
    await writeSmsDelays(tx, hospitalId, value);
    await recordAdminChange(tx, {
      actorId: caller.id,
      at: new Date(),
      address: actor.address,
      action: 'hospital.sms_fallback',
      targetType: 'hospital',
      targetId: hospitalId,
      hospitalSystemId: before.hospitalSystemId,
      hospitalId,
      before: { smsFallbackSeconds: before.smsAfterSeconds },
      after: { smsFallbackSeconds: value },
    });
    return readHospitalDetail(tx, hospitalId);
  });
  if (!after) throw notFound(hospitalProblems.notFound);
  return toApiHospital(after);
}
