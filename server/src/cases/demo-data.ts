// Demo cases data (product.md, "Running it"): in each demo hospital, specialists in four specialties (the
// demo specialist@demo.test among St George's neurologists, on call now), an ER doctor and admin where the
// identity seed has none, on-call shifts for the next 14 days with one deliberate gap, triage assessments,
// and about 50 past cases in every state. Idempotent: fixed ids, shifts extended on every start, cases only
// into a hospital that has none.
import type { Disposition, TriageQuestion, Urgency } from '../../../generated/types.gen.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { DemoOrganisation } from '../db/seed.ts';
import { insertTriageQuestion, raiseLastCaseNumber } from '../organisation/organisation-repository.ts';
import { insertShift, type ShiftRecord } from '../schedules/shifts-repository.ts';
import { findUserByEmail, insertUser, userIdsWithRole } from '../users/users-repository.ts';

export const DEMO_CASE_SPECIALTIES = ['Neurology', 'Cardiology', 'Orthopaedics', 'General Surgery'] as const;
export const DEMO_SPECIALIST_EMAIL = 'specialist@demo.test';
const DEMO_ER_DOCTOR_EMAIL = 'er_doctor@demo.test';
const SHIFT_HOURS = 12;
const SHIFT_DAYS = 14;
// One block in every 28 (once a fortnight) has no Cardiology shift: the deliberate coverage gap.
const GAP_SPECIALTY = 'Cardiology';
const GAP_BLOCK = 7;
const BLOCKS_PER_FORTNIGHT = (SHIFT_DAYS * 24) / SHIFT_HOURS;
const CASES_PER_HOSPITAL = 50;

const FIRST_NAMES = [
  'Amara',
  'Bjorn',
  'Chen',
  'Dalia',
  'Emeka',
  'Farah',
  'Goran',
  'Hana',
  'Ivo',
  'Jia',
  'Kofi',
  'Lena',
];
const LAST_NAMES = [
  'Nwosu',
  'Petrov',
  'Quinn',
  'Rahman',
  'Silva',
  'Tanaka',
  'Ueda',
  'Varga',
  'Weiss',
  'Xu',
  'Yilmaz',
  'Zhou',
];

interface QuestionSeed extends TriageQuestion {
  readonly key: string;
}

const QUESTIONS: Record<(typeof DEMO_CASE_SPECIALTIES)[number], readonly QuestionSeed[]> = {
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

const COMPLAINTS: Record<(typeof DEMO_CASE_SPECIALTIES)[number], readonly string[]> = {
  Neurology: [
    'Sudden left-sided weakness',
    'Slurred speech and facial droop',
    'First seizure',
    'Worst headache of life',
  ],
  Cardiology: [
    'Crushing central chest pain',
    'Palpitations with syncope',
    'Breathlessness and leg swelling',
    'Chest pain radiating to jaw',
  ],
  Orthopaedics: [
    'Open tibial fracture after fall',
    'Hip pain unable to weight-bear',
    'Deformed wrist after cycling accident',
    'Dislocated shoulder',
  ],
  'General Surgery': [
    'Right iliac fossa pain and fever',
    'Vomiting with distended abdomen',
    'Severe epigastric pain',
    'Rectal bleeding',
  ],
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '_');

interface HospitalSeed {
  readonly id: string;
  readonly code: string;
}

async function ensureUser(
  tx: Queryable,
  user: {
    id: string;
    email: string;
    name: string;
    role: string;
    hospitalSystemId: string;
    hospitalId: string;
    specialties: string[];
  },
  passwordHash: string | null,
): Promise<string> {
  await insertUser(tx, {
    id: user.id,
    email: user.email,
    passwordHash,
    displayName: user.name,
    roles: [user.role],
    hospitalSystemId: user.hospitalSystemId,
    hospitalId: user.hospitalId,
    specialtyTypes: user.specialties,
    phone: null,
    forceChangePassword: false,
    createdBy: null,
  });
  return (await findUserByEmail(tx, user.email))?.id ?? user.id;
}

function blockStart(now: Date): number {
  const size = SHIFT_HOURS * 3_600_000;
  return Math.floor(now.getTime() / size) * size;
}

/** Seeds everything above; `passwordHash` lets the demo specialists sign in with the demo password. */
export async function seedDemoCases(
  db: Database,
  {
    organisation,
    passwordHash,
    now = new Date(),
  }: { organisation: DemoOrganisation; passwordHash: string | null; now?: Date },
): Promise<void> {
  const found = await findUserByEmail(db, DEMO_SPECIALIST_EMAIL);
  const demoSpecialist = found && { id: found.id, hospital_id: found.hospitalId };
  const hospitals: HospitalSeed[] = [
    { id: organisation.hospitalIds.stGeorges, code: 'sgh' },
    { id: organisation.hospitalIds.riverside, code: 'rvg' },
  ];
  const specialtyIds = new Map(organisation.specialties.map((specialty) => [specialty.name, specialty.id]));
  for (const hospital of hospitals) {
    await db.transaction(async (tx) => {
      const staff = await seedStaff(tx, organisation, hospital, passwordHash, demoSpecialist);
      await seedShifts(tx, hospital, staff.specialists, specialtyIds, now, demoSpecialist);
      await seedQuestions(tx, hospital, specialtyIds);
      const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
        'select count(*) as count from cases where hospital_id = $1',
        [hospital.id],
      );
      if (count === 0) await seedPastCases(tx, hospital, staff, specialtyIds, now);
    });
  }
}

interface Staff {
  readonly specialists: ReadonlyMap<string, readonly string[]>;
  readonly doctorId: string;
}

async function seedStaff(
  tx: Queryable,
  organisation: DemoOrganisation,
  hospital: HospitalSeed,
  passwordHash: string | null,
  demoSpecialist: { id: string; hospital_id: string | null } | undefined,
): Promise<Staff> {
  const specialists = new Map<string, string[]>();
  let nameIndex = hospital.code === 'sgh' ? 0 : 5;
  for (const specialty of DEMO_CASE_SPECIALTIES) {
    const ids: string[] = [];
    if (specialty === 'Neurology' && demoSpecialist && demoSpecialist.hospital_id === hospital.id)
      ids.push(demoSpecialist.id);
    for (let index = 1; index <= 3; index += 1) {
      const first = FIRST_NAMES[nameIndex % FIRST_NAMES.length] ?? 'Alex';
      const last = LAST_NAMES[(nameIndex * 7) % LAST_NAMES.length] ?? 'Smith';
      nameIndex += 1;
      ids.push(
        await ensureUser(
          tx,
          {
            id: `usr_demo_${hospital.code}_${slug(specialty)}_${index}`,
            email: `${slug(specialty).replace(/_/g, '.')}.${index}.${hospital.code}@demo.test`,
            name: `Dr ${first} ${last}`,
            role: 'specialist',
            hospitalSystemId: organisation.hospitalSystemId,
            hospitalId: hospital.id,
            specialties: [specialty],
          },
          passwordHash,
        ),
      );
    }
    specialists.set(specialty, ids);
  }
  const doctorId =
    (await existingErDoctor(tx, hospital.id)) ??
    (await ensureUser(
      tx,
      {
        id: `usr_demo_${hospital.code}_er_doctor`,
        email: `er_doctor.${hospital.code}@demo.test`,
        name: 'Dr Ravi Menon',
        role: 'er_doctor',
        hospitalSystemId: organisation.hospitalSystemId,
        hospitalId: hospital.id,
        specialties: [],
      },
      passwordHash,
    ));
  if ((await userIdsWithRole(tx, hospital.id, 'emergency_room_admin')).length === 0) {
    await ensureUser(
      tx,
      {
        id: `usr_demo_${hospital.code}_er_admin`,
        email: `emergency_room_admin.${hospital.code}@demo.test`,
        name: 'Rosa Lindgren',
        role: 'emergency_room_admin',
        hospitalSystemId: organisation.hospitalSystemId,
        hospitalId: hospital.id,
        specialties: [],
      },
      passwordHash,
    );
  }
  return { specialists, doctorId };
}

/** The hospital's ER doctor for the demo cases: the demo account when it works there, else the first one. */
async function existingErDoctor(tx: Queryable, hospitalId: string): Promise<string | undefined> {
  const demoDoctor = await findUserByEmail(tx, DEMO_ER_DOCTOR_EMAIL);
  if (demoDoctor?.hospitalId === hospitalId && demoDoctor.roles.includes('er_doctor')) return demoDoctor.id;
  return (await userIdsWithRole(tx, hospitalId, 'er_doctor'))[0];
}

async function seedShifts(
  tx: Queryable,
  hospital: HospitalSeed,
  specialists: ReadonlyMap<string, readonly string[]>,
  specialtyIds: ReadonlyMap<string, string>,
  now: Date,
  demoSpecialist: { id: string; hospital_id: string | null } | undefined,
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
        specialty === 'Neurology' && demoSpecialist?.hospital_id === hospital.id ? demoSpecialist : undefined;
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

async function seedQuestions(
  tx: Queryable,
  hospital: HospitalSeed,
  specialtyIds: ReadonlyMap<string, string>,
): Promise<void> {
  for (const specialty of DEMO_CASE_SPECIALTIES) {
    const specialtyId = specialtyIds.get(specialty);
    if (specialtyId === undefined) continue;
    for (const [position, question] of QUESTIONS[specialty].entries()) {
      await insertTriageQuestion(tx, {
        ...question,
        id: demoQuestionId(hospital.code, specialty, question.key),
        hospitalId: hospital.id,
        specialtyId,
        position,
      });
    }
  }
}

export function demoQuestionId(hospitalCode: string, specialty: string, key: string): string {
  return `tq_${hospitalCode}_${slug(specialty)}_${key}`;
}

type SeedStatus = 'pending' | 'escalated' | 'accepted' | 'responded' | 'closed' | 'cancelled';
const STATUS_CYCLE: readonly SeedStatus[] = [
  'closed',
  'closed',
  'responded',
  'closed',
  'accepted',
  'cancelled',
  'closed',
  'escalated',
  'closed',
  'pending',
];
const URGENCIES: readonly Urgency[] = ['emergent', 'urgent', 'routine'];
const DISPOSITIONS: readonly Disposition[] = [
  'admit',
  'transfer',
  'discharge_with_follow_up',
  'further_tests',
  'specialist_to_see_patient',
];

function demoAnswers(
  hospitalCode: string,
  specialty: (typeof DEMO_CASE_SPECIALTIES)[number],
  at: Date,
): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const question of QUESTIONS[specialty]) {
    const id = demoQuestionId(hospitalCode, specialty, question.key);
    if (question.kind === 'yes_no') answers[id] = at.getMinutes() % 2 === 0;
    if (question.kind === 'number') answers[id] = Math.min(question.max ?? 10, 3 + (at.getMinutes() % 10));
    if (question.kind === 'choice') answers[id] = question.choices?.[0] ?? '';
    if (question.kind === 'date_time') answers[id] = new Date(at.getTime() - 45 * 60_000).toISOString();
    if (question.kind === 'text') answers[id] = 'Fall from standing height';
  }
  return answers;
}

async function seedPastCases(
  tx: Queryable,
  hospital: HospitalSeed,
  staff: Staff,
  specialtyIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<void> {
  const minute = 60_000;
  for (let index = 0; index < CASES_PER_HOSPITAL; index += 1) {
    const status = STATUS_CYCLE[index % STATUS_CYCLE.length] ?? 'closed';
    const specialty = DEMO_CASE_SPECIALTIES[index % DEMO_CASE_SPECIALTIES.length] ?? 'Neurology';
    const specialtyId = specialtyIds.get(specialty) ?? '';
    const team = staff.specialists.get(specialty) ?? [];
    const urgency = URGENCIES[index % URGENCIES.length] ?? 'urgent';
    const waiting = status === 'pending' || status === 'escalated';
    // Waiting cases are recent (the worker escalates and re-alerts them as it would any); the rest spread over 30 days.
    const created = new Date(
      waiting
        ? now.getTime() - (2 + (index % 3)) * minute
        : now.getTime() - (CASES_PER_HOSPITAL - index) * 14 * 60 * minute,
    );
    const at = (minutes: number) => new Date(created.getTime() + minutes * minute).toISOString();
    const number = index + 1;
    const caseId = `cas_demo_${hospital.code}_${String(number).padStart(4, '0')}`;
    const assignee = ['accepted', 'responded', 'closed'].includes(status)
      ? (team[index % team.length] ?? null)
      : null;
    const step = status === 'escalated' ? 'backup' : 'primary';
    const offered =
      status === 'escalated' ? team.slice(0, 2) : assignee !== null ? [assignee] : team.slice(0, 1);
    const complaints = COMPLAINTS[specialty];
    await tx.query(
      `insert into cases (id, hospital_id, case_number, display_number, specialty_id, urgency, status, patient_age,
         patient_sex, patient_initials, door_time, chief_complaint, clinical_summary, vitals, triage_answers, opened_by,
         routing_step, ack_due_at, realert_due_at, created_at, updated_at, accepted_at, responded_at, closed_at,
         cancelled_at, cancel_reason, close_disposition, assigned_to)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
         $24, $25, $26, $27, $28)`,
      [
        caseId,
        hospital.id,
        number,
        `${hospital.code.toUpperCase()}-${String(number).padStart(6, '0')}`,
        specialtyId,
        urgency,
        status,
        18 + ((index * 7) % 70),
        index % 2 === 0 ? 'female' : 'male',
        String.fromCharCode(65 + (index % 26)) + String.fromCharCode(65 + ((index * 3) % 26)),
        at(-25),
        complaints[index % complaints.length] ?? 'Unwell',
        'Seen in resus; observations as recorded.',
        JSON.stringify({
          heartRate: 70 + (index % 40),
          systolicBp: 110 + (index % 50),
          spo2: 92 + (index % 8),
          gcs: 15,
        }),
        JSON.stringify(demoAnswers(hospital.code, specialty, created)),
        staff.doctorId,
        step,
        waiting ? at(status === 'escalated' ? 20 : 5) : null,
        waiting ? at(2) : null,
        at(0),
        at(status === 'closed' ? 180 : 30),
        assignee !== null ? at(4) : null,
        status === 'responded' || status === 'closed' ? at(40) : null,
        status === 'closed' ? at(180) : null,
        status === 'cancelled' ? at(10) : null,
        status === 'cancelled' ? 'Patient improved before review' : null,
        status === 'closed' ? (DISPOSITIONS[index % DISPOSITIONS.length] ?? 'admit') : null,
        assignee,
      ],
    );
    await tx.query(
      `insert into case_events (case_id, at, kind, actor_id, data) values ($1, $2, 'created', $3, '{}')`,
      [caseId, at(0), staff.doctorId],
    );
    for (const [position, specialistId] of offered.entries()) {
      const offeredAt = position === 0 ? at(0) : at(5);
      await tx.query(
        `insert into case_offers (id, case_id, specialist_id, step, offered_at, delivered_at, seen_at, accepted_at, active,
           last_alerted_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $5)`,
        [
          `off_demo_${hospital.code}_${number}_${position}`,
          caseId,
          specialistId,
          position === 0 ? 'primary' : 'backup',
          offeredAt,
          at(position === 0 ? 1 : 6),
          waiting ? null : at(2),
          specialistId === assignee ? at(4) : null,
          waiting,
        ],
      );
      await tx.query(`insert into case_events (case_id, at, kind, data) values ($1, $2, 'offered', $3)`, [
        caseId,
        offeredAt,
        JSON.stringify({ specialistIds: [specialistId], step: position === 0 ? 'primary' : 'backup' }),
      ]);
    }
    if (status === 'escalated') {
      await tx.query(`insert into case_events (case_id, at, kind, data) values ($1, $2, 'escalated', $3)`, [
        caseId,
        at(5),
        JSON.stringify({ from: 'primary', step: 'backup', reason: 'not accepted in time' }),
      ]);
    }
    if (assignee !== null) {
      await tx.query(
        `insert into case_events (case_id, at, kind, actor_id, data) values ($1, $2, 'accepted', $3, '{}')`,
        [caseId, at(4), assignee],
      );
      await tx.query(
        `insert into case_messages (id, case_id, author_id, body, created_at) values ($1, $2, $3, $4, $5)`,
        [
          `msg_demo_${hospital.code}_${number}`,
          caseId,
          assignee,
          'Reviewing the images now; call me if the patient deteriorates.',
          at(6),
        ],
      );
    }
    if (status === 'responded' || status === 'closed') {
      const disposition = DISPOSITIONS[index % DISPOSITIONS.length] ?? 'admit';
      await tx.query(
        `insert into consultations (case_id, author_id, recommendation, disposition, follow_up, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [
          caseId,
          assignee,
          'Assessed remotely: plan agreed with the ED team.',
          disposition,
          'Review in clinic in 2 weeks.',
          at(40),
        ],
      );
      await tx.query(
        `insert into case_events (case_id, at, kind, actor_id, data) values ($1, $2, 'consultation', $3, $4)`,
        [caseId, at(40), assignee, JSON.stringify({ disposition })],
      );
    }
    if (status === 'closed') {
      await tx.query(
        `insert into case_events (case_id, at, kind, actor_id, data) values ($1, $2, 'closed', $3, $4)`,
        [
          caseId,
          at(180),
          staff.doctorId,
          JSON.stringify({ disposition: DISPOSITIONS[index % DISPOSITIONS.length] ?? 'admit', note: null }),
        ],
      );
    }
    if (status === 'cancelled') {
      await tx.query(
        `insert into case_events (case_id, at, kind, actor_id, data) values ($1, $2, 'cancelled', $3, $4)`,
        [caseId, at(10), staff.doctorId, JSON.stringify({ reason: 'Patient improved before review' })],
      );
    }
  }
  await raiseLastCaseNumber(tx, hospital.id, CASES_PER_HOSPITAL);
}
