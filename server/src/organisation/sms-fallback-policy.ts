// When the hospital's undelivered offers go by SMS: seconds per urgency (10 s to 1 hour, defaults 60, 120 and
// 300), policy as data kept with the hospital's case settings. Its own administrator sets it (and its
// system's administrator), audited.
import type { Hospital, SmsFallbackSeconds } from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { writeSmsDelays } from '../sms/sms-repository.ts';
import { changeHospitalSetting } from './hospital-setting.ts';
import { bumpHospitalVersion } from './hospitals-repository.ts';

export const smsFallbackProblems = {
  adminsOnly: "Only the hospital's administrators and its system administrators set when offers go by SMS",
} as const;

export async function updateSmsFallbackPolicy(
  db: Database,
  actor: Actor,
  hospitalId: string,
  seconds: SmsFallbackSeconds,
): Promise<Hospital> {
  const value = { emergent: seconds.emergent, urgent: seconds.urgent, routine: seconds.routine };
  return changeHospitalSetting(db, actor, hospitalId, {
    action: 'hospital.sms_fallback',
    adminsOnly: smsFallbackProblems.adminsOnly,
    audited: (hospital) => ({ smsFallbackSeconds: hospital.smsAfterSeconds }),
    write: async (tx) => {
      if (!(await bumpHospitalVersion(tx, hospitalId))) return false;
      await writeSmsDelays(tx, hospitalId, value);
      return true;
    },
  });
}
