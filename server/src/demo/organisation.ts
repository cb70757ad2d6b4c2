// The demo organisation: one hospital system, two hospitals, the specialty catalogue, and the triage
// assessments of the specialties that have demo staff and cases.
import type { TriageQuestion, Urgency } from '../../../generated/types.gen.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  insertHospital,
  insertHospitalSystem,
  insertSpecialty,
  readClinicalTargetSeconds,
  upsertClinicalTarget,
} from '../organisation/organisation-repository.ts';
import { insertAssessmentVersion } from '../organisation/triage-repository.ts';

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

/** The specialties that have demo specialists, shifts, triage assessments and cases in both hospitals. */
export const DEMO_CASE_SPECIALTIES = ['Neurology', 'Cardiology', 'Orthopaedics', 'General Surgery'] as const;
export type DemoCaseSpecialty = (typeof DEMO_CASE_SPECIALTIES)[number];

export interface DemoOrganisation {
  readonly hospitalSystemId: string;
  readonly hospitalIds: { readonly stGeorges: string; readonly riverside: string };
  /** The catalogue, in DEMO_SPECIALTIES order. */
  readonly specialties: readonly { readonly id: string; readonly name: string }[];
}

/** A demo hospital with the code its demo ids and emails carry. */
export interface DemoHospital {
  readonly id: string;
  readonly code: string;
}

const HOSPITAL_SYSTEM = { id: 'hs_demo', name: 'Demo Health' };
const HOSPITALS = {
  stGeorges: { id: 'hosp_sgh', name: "St George's Hospital", shortCode: 'SGH', timeZone: 'Europe/London' },
  riverside: { id: 'hosp_rvg', name: 'Riverside General', shortCode: 'RVG', timeZone: 'Europe/London' },
};

/** The demo hospitals' clinical targets: a suspected stroke should have a neurologist within 15 minutes. */
export const DEMO_CLINICAL_TARGETS: readonly { specialty: string; urgency: Urgency; minutes: number }[] = [
  { specialty: 'Neurology', urgency: 'emergent', minutes: 15 },
];

/** A name as the part of a demo id or email: lower case, words joined by _. */
export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '_');

/** Idempotent: fixed ids and writes that skip what exists, so every start can run it. */
export async function seedDemoOrganisation(db: Database): Promise<DemoOrganisation> {
  const specialties = DEMO_SPECIALTIES.map((name) => ({ id: `spc_${slug(name)}`, name }));
  await db.transaction(async (tx) => {
    await insertHospitalSystem(tx, HOSPITAL_SYSTEM);
    for (const hospital of Object.values(HOSPITALS)) {
      await insertHospital(tx, { ...hospital, hospitalSystemId: HOSPITAL_SYSTEM.id });
    }
    for (const specialty of specialties) {
      await insertSpecialty(tx, { ...specialty, hospitalSystemId: HOSPITAL_SYSTEM.id });
    }
    for (const hospital of Object.values(HOSPITALS)) {
      for (const target of DEMO_CLINICAL_TARGETS) {
        const specialtyId = `spc_${slug(target.specialty)}`;
        // A target an administrator has changed since stays as they left it.
        if ((await readClinicalTargetSeconds(tx, hospital.id, specialtyId, target.urgency)) !== undefined)
          continue;
        await upsertClinicalTarget(tx, {
          hospitalId: hospital.id,
          specialtyId,
          urgency: target.urgency,
          acceptWithinSeconds: target.minutes * 60,
        });
      }
    }
  });
  return {
    hospitalSystemId: HOSPITAL_SYSTEM.id,
    hospitalIds: { stGeorges: HOSPITALS.stGeorges.id, riverside: HOSPITALS.riverside.id },
    specialties,
  };
}

/** The demo hospitals, St George's first. */
export function demoHospitals(organisation: DemoOrganisation): DemoHospital[] {
  return [
    { id: organisation.hospitalIds.stGeorges, code: 'sgh' },
    { id: organisation.hospitalIds.riverside, code: 'rvg' },
  ];
}

/** A triage question of the demo assessments; `key` names it within its specialty. */
export interface DemoQuestion extends TriageQuestion {
  readonly key: string;
}

export const DEMO_QUESTIONS: Record<DemoCaseSpecialty, readonly DemoQuestion[]> = {
  Neurology: [
    { key: 'onset', id: '', kind: 'date_time', label: 'Symptom onset (last known well)', required: true },
    {
      key: 'nihss',
      id: '',
      kind: 'number',
      label: 'NIHSS score',
      required: true,
      unit: 'points',
      min: 0,
      max: 42,
    },
    { key: 'anticoagulated', id: '', kind: 'yes_no', label: 'On anticoagulants?', required: true },
    {
      key: 'imaging',
      id: '',
      kind: 'choice',
      label: 'Imaging done',
      required: false,
      choices: ['None', 'CT', 'CT angiogram', 'MRI'],
    },
  ],
  Cardiology: [
    { key: 'pain_onset', id: '', kind: 'date_time', label: 'Chest pain onset', required: true },
    { key: 'st_elevation', id: '', kind: 'yes_no', label: 'ST elevation on ECG?', required: true },
    {
      key: 'troponin',
      id: '',
      kind: 'number',
      label: 'High-sensitivity troponin',
      required: false,
      unit: 'ng/L',
      min: 0,
      max: 100000,
    },
    {
      key: 'killip',
      id: '',
      kind: 'choice',
      label: 'Killip class',
      required: true,
      choices: ['I', 'II', 'III', 'IV'],
    },
  ],
  Orthopaedics: [
    { key: 'open_fracture', id: '', kind: 'yes_no', label: 'Open fracture?', required: true },
    {
      key: 'neurovascular',
      id: '',
      kind: 'choice',
      label: 'Distal neurovascular status',
      required: true,
      choices: ['Intact', 'Impaired', 'Absent'],
    },
    { key: 'mechanism', id: '', kind: 'text', label: 'Mechanism of injury', required: false },
  ],
  'General Surgery': [
    { key: 'peritonism', id: '', kind: 'yes_no', label: 'Signs of peritonism?', required: true },
    {
      key: 'lactate',
      id: '',
      kind: 'number',
      label: 'Lactate',
      required: false,
      unit: 'mmol/L',
      min: 0,
      max: 30,
    },
    { key: 'last_meal', id: '', kind: 'date_time', label: 'Last oral intake', required: false },
  ],
};

export function demoQuestionId(hospitalCode: string, specialty: string, key: string): string {
  return `tq_${hospitalCode}_${slug(specialty)}_${key}`;
}

/** The hospital's triage assessments, one per demo case specialty: version 1 unless one exists. */
export async function seedDemoTriage(
  tx: Queryable,
  hospital: DemoHospital,
  specialtyIds: ReadonlyMap<string, string>,
): Promise<void> {
  for (const specialty of DEMO_CASE_SPECIALTIES) {
    const specialtyId = specialtyIds.get(specialty);
    if (specialtyId === undefined) continue;
    await insertAssessmentVersion(tx, {
      hospitalId: hospital.id,
      specialtyId,
      version: 1,
      questions: DEMO_QUESTIONS[specialty].map(({ key, ...question }) => ({
        ...question,
        id: demoQuestionId(hospital.code, specialty, key),
      })),
      createdBy: null,
      createdAt: new Date(),
    });
  }
}
