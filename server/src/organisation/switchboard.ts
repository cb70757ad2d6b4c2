// The hospital's switchboard number, which the new-case form shows when nobody is on call for a specialty.
// The hospital's own administrator keeps it (and its system's administrator), audited.
import type { Hospital } from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { changeHospitalSetting } from './hospital-setting.ts';
import { writeSwitchboardPhone } from './hospitals-repository.ts';

export const switchboardProblems = {
  adminsOnly: "Only the hospital's administrators and its system administrators set its switchboard number",
} as const;

export async function updateSwitchboard(
  db: Database,
  actor: Actor,
  hospitalId: string,
  phone: string | null,
): Promise<Hospital> {
  const value = phone === null || phone.trim() === '' ? null : phone.trim();
  return changeHospitalSetting(db, actor, hospitalId, {
    action: 'hospital.switchboard',
    adminsOnly: switchboardProblems.adminsOnly,
    audited: (hospital) => ({ switchboardPhone: hospital.switchboardPhone }),
    write: (tx) => writeSwitchboardPhone(tx, hospitalId, value),
  });
}
