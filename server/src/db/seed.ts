// The demo organisation (product.md): one hospital system, two hospitals and the specialty catalogue.
// Idempotent: fixed ids and "on conflict do nothing", so every start can run it.
import {
  insertHospital,
  insertHospitalSystem,
  insertSpecialty,
} from '../organisation/organisation-repository.ts';
import type { Database } from './database.ts';

export const DEMO_SPECIALTIES = [
  'Cardiology',
  'Neurology',
  'Orthopaedics',
  'General Surgery',
  'Neurosurgery',
  'Paediatrics',
  'Obstetrics and Gynaecology',
  'Pulmonology',
  'Gastroenterology',
  'Urology',
  'Ophthalmology',
  'Psychiatry',
  'Trauma Surgery',
  'Vascular Surgery',
  'Nephrology',
] as const;

export interface DemoOrganisation {
  readonly hospitalSystemId: string;
  readonly hospitalIds: { readonly stGeorges: string; readonly riverside: string };
  /** The catalogue, in DEMO_SPECIALTIES order. */
  readonly specialties: readonly { readonly id: string; readonly name: string }[];
}

const HOSPITAL_SYSTEM = { id: 'hs_demo', name: 'Demo Health' };
const HOSPITALS = {
  stGeorges: { id: 'hosp_sgh', name: "St George's Hospital", shortCode: 'SGH', timeZone: 'Europe/London' },
  riverside: { id: 'hosp_rvg', name: 'Riverside General', shortCode: 'RVG', timeZone: 'Europe/London' },
};

function specialtyId(name: string): string {
  return `spc_${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}

export async function seedDemoOrganisation(db: Database): Promise<DemoOrganisation> {
  const specialties = DEMO_SPECIALTIES.map((name) => ({ id: specialtyId(name), name }));
  await db.transaction(async (tx) => {
    await insertHospitalSystem(tx, HOSPITAL_SYSTEM);
    for (const hospital of Object.values(HOSPITALS)) {
      await insertHospital(tx, { ...hospital, hospitalSystemId: HOSPITAL_SYSTEM.id });
    }
    for (const specialty of specialties) {
      await insertSpecialty(tx, { ...specialty, hospitalSystemId: HOSPITAL_SYSTEM.id });
    }
  });
  return {
    hospitalSystemId: HOSPITAL_SYSTEM.id,
    hospitalIds: { stGeorges: HOSPITALS.stGeorges.id, riverside: HOSPITALS.riverside.id },
    specialties,
  };
}

// Demo cases, on-call shifts, triage assessments and the specialists they need: see cases/demo-data.ts.
export { seedDemoCases } from '../cases/demo-data.ts';
