// The demo on-call rota: 12-hour shifts for every demo case specialty, from the block covering now to 14
// days ahead, extended on every start. The demo specialist covers St George's neurology throughout; one
// Cardiology block in every 28 (once a fortnight) has no shift at all: the deliberate coverage gap.
import type { Queryable } from '../db/database.ts';
import { insertShift, type ShiftRecord } from '../schedules/shifts-repository.ts';
import type { UserRecord } from '../users/users-repository.ts';
import { DEMO_CASE_SPECIALTIES, slug, type DemoHospital } from './organisation.ts';

const SHIFT_HOURS = 12;
const SHIFT_DAYS = 14;
const GAP_SPECIALTY = 'Cardiology';
const GAP_BLOCK = 7;
const BLOCKS_PER_FORTNIGHT = (SHIFT_DAYS * 24) / SHIFT_HOURS;

function blockStart(now: Date): number {
  const size = SHIFT_HOURS * 3_600_000;
  return Math.floor(now.getTime() / size) * size;
}

export async function seedDemoShifts(
  tx: Queryable,
  hospital: DemoHospital,
  specialists: ReadonlyMap<string, readonly string[]>,
  specialtyIds: ReadonlyMap<string, string>,
  now: Date,
  demoSpecialist: UserRecord | undefined,
): Promise<void> {
  const size = SHIFT_HOURS * 3_600_000;
  const first = blockStart(now);
  const shifts: ShiftRecord[] = [];
  for (const specialty of DEMO_CASE_SPECIALTIES) {
    const team = specialists.get(specialty) ?? [];
    const specialtyId = specialtyIds.get(specialty);
    if (team.length === 0 || specialtyId === undefined) continue;
    for (let block = 0; block <= BLOCKS_PER_FORTNIGHT; block += 1) {
      const start = first + block * size;
      const index = Math.round(start / size);
      if (specialty === GAP_SPECIALTY && index % BLOCKS_PER_FORTNIGHT === GAP_BLOCK) continue;
      // The demo specialist is St George's neurologist on call for the whole fortnight; elsewhere a rota.
      const lead =
        specialty === 'Neurology' && demoSpecialist?.hospitalId === hospital.id ? demoSpecialist : undefined;
      const primary = lead ? lead.id : (team[index % team.length] ?? '');
      const backupPool = team.filter((id) => id !== primary);
      const backup = index % 3 === 2 ? null : (backupPool[index % backupPool.length] ?? null);
      shifts.push({
        id: `shf_${hospital.code}_${slug(specialty)}_${new Date(start)
          .toISOString()
          .replace(/[^0-9]/g, '')
          .slice(0, 12)}`,
        hospitalId: hospital.id,
        specialtyId,
        startsAt: new Date(start),
        endsAt: new Date(start + size),
        primaryId: primary,
        backupId: backup,
      });
    }
  }
  for (const shift of shifts) await insertShift(tx, shift);
}
