// The demo data a start writes when SEED_DEMO is on (the default on a developer's machine), through the same repositories as the
// product: the organisation, the accounts, and in each hospital its staff, on-call rota, triage assessments
// and past cases. Idempotent: fixed ids, the rota extended on every start, cases only into a hospital that
// has none.
import type { Database } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { countCasesOf } from '../cases/cases-repository.ts';
import { setDemoAccountsPassword } from '../users/users-repository.ts';
import { seedDemoPastCases } from './cases.ts';
import {
  demoHospitals,
  seedDemoOrganisation,
  seedDemoTriage,
  type DemoOrganisation,
} from './organisation.ts';
import { seedDemoShifts } from './shifts.ts';
import { findDemoSpecialist, seedDemoStaff, seedDemoUsers } from './users.ts';

/**
 * `resetPasswords` gives every demo account `password`, also those an earlier start made: a production
 * server's demo password is generated at each start, and the published default must never work there.
 */
export async function seedDemo(
  db: Database,
  { password, resetPasswords }: { password: string; resetPasswords: boolean },
): Promise<void> {
  const organisation = await seedDemoOrganisation(db);
  await seedDemoUsers(db, { password, organisation });
  const passwordHash = await hashPassword(password);
  await seedDemoCases(db, { organisation, passwordHash });
  if (resetPasswords) await setDemoAccountsPassword(db, passwordHash);
}

/**
 * In each demo hospital: its staff, rota, triage assessments and past cases. `passwordHash` lets the demo
 * staff sign in with the demo password (null: they cannot sign in).
 */
export async function seedDemoCases(
  db: Database,
  {
    organisation,
    passwordHash,
    now = new Date(),
  }: { organisation: DemoOrganisation; passwordHash: string | null; now?: Date },
): Promise<void> {
  const demoSpecialist = await findDemoSpecialist(db);
  const specialtyIds = new Map(organisation.specialties.map((specialty) => [specialty.name, specialty.id]));
  for (const hospital of demoHospitals(organisation)) {
    await db.transaction(async (tx) => {
      const staff = await seedDemoStaff(tx, organisation, hospital, passwordHash, demoSpecialist);
      await seedDemoShifts(tx, hospital, staff.specialists, specialtyIds, now, demoSpecialist);
      await seedDemoTriage(tx, hospital, specialtyIds);
      if ((await countCasesOf(tx, hospital.id)) === 0) {
        await seedDemoPastCases(tx, hospital, staff, specialtyIds, now);
      }
    });
  }
}
