// Coverage now and over the coming 14 days, per specialty of the hospital: who is on call until when (or
// nobody: "no coverage"), and every gap to the end of the 14th local day in the hospital's time zone.
import type { Coverage } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { coverageWindow, gapsIn } from '../domain/schedules.ts';
import {
  hospitalTimeZone,
  listShiftRows,
  specialtiesOfHospital,
  type ShiftRow,
} from './shifts-repository.ts';
import { readSwitchboardPhone } from '../organisation/hospitals-repository.ts';
import { scheduleHospital } from './shifts.ts';

const iso = (instant: number) => new Date(instant).toISOString();

export async function readCoverage(db: Queryable, hospitalId: string, now: Date): Promise<Coverage> {
  const zone = await hospitalTimeZone(db, hospitalId);
  const window = coverageWindow(now.getTime(), zone);
  const specialties = await specialtiesOfHospital(db, hospitalId);
  const rows = await listShiftRows(db, hospitalId, { from: now, to: new Date(window.end) });
  const bySpecialty = new Map<string, ShiftRow[]>();
  for (const row of rows)
    bySpecialty.set(row.specialty_id, [...(bySpecialty.get(row.specialty_id) ?? []), row]);
  const switchboardPhone = await readSwitchboardPhone(db, hospitalId);
  return {
    timeZone: zone,
    switchboardPhone,
    from: iso(window.start),
    to: iso(window.end),
    specialties: specialties.map((specialty) => {
      // A deactivated specialist's shifts count as gaps: nobody is reached through them.
      const shifts = (bySpecialty.get(specialty.id) ?? []).filter((row) => row.primary_active);
      const intervals = shifts.map((row) => ({
        start: Date.parse(row.starts_at),
        end: Date.parse(row.ends_at),
      }));
      const current = shifts.find(
        (row) => Date.parse(row.starts_at) <= now.getTime() && now.getTime() < Date.parse(row.ends_at),
      );
      return {
        specialty: { id: specialty.id, name: specialty.name },
        specialists: specialty.specialists,
        now:
          current === undefined
            ? null
            : {
                shiftId: current.id,
                primary: { id: current.primary_id, displayName: current.primary_name },
                primaryPhone: current.primary_phone,
                // A deactivated backup is never offered the case: routing skips it, so it is not shown.
                backup:
                  current.backup_id === null || current.backup_active !== true
                    ? null
                    : { id: current.backup_id, displayName: current.backup_name ?? '' },
                backupPhone:
                  current.backup_id === null || current.backup_active !== true ? null : current.backup_phone,
                until: current.ends_at,
              },
        gaps: gapsIn(intervals, window.start, window.end).map((gap) => ({
          from: iso(gap.start),
          to: iso(gap.end),
        })),
      };
    }),
  };
}

export function getCoverage(db: Queryable, caller: Caller): Promise<Coverage> {
  return readCoverage(db, scheduleHospital(caller, false), new Date());
}
