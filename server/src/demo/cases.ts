// About 50 past cases in each demo hospital, in every state: most spread over the last 30 days, the waiting
// ones (pending, escalated) opened minutes ago so that the worker escalates and re-alerts them as it would
// any. Written once, into a hospital that has no cases yet.
import type { CaseEventKind, Disposition, TriageAnswers, Urgency } from '../../../generated/types.gen.ts';
import { insertCaseEvent, insertConsultation, insertMessage } from '../cases/case-thread-repository.ts';
import { insertCase } from '../cases/cases-repository.ts';
import {
  closeOffersOnAccept,
  deactivateOffers,
  insertOffers,
  recordOfferReceipt,
} from '../cases/offers-repository.ts';
import type { Queryable } from '../db/database.ts';
import { DEFAULT_ACK_MINUTES } from '../domain/escalation.ts';
import { raiseLastCaseNumber } from '../organisation/organisation-repository.ts';
import {
  DEMO_CASE_SPECIALTIES,
  DEMO_QUESTIONS,
  demoQuestionId,
  type DemoCaseSpecialty,
  type DemoHospital,
  DEMO_CLINICAL_TARGETS,
} from './organisation.ts';
import type { DemoStaff } from './users.ts';

const CASES_PER_HOSPITAL = 50;

const COMPLAINTS: Record<DemoCaseSpecialty, readonly string[]> = {
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
const CANCEL_REASON = 'Patient improved before review';

function demoAnswers(hospitalCode: string, specialty: DemoCaseSpecialty, at: Date): TriageAnswers {
  const answers: TriageAnswers = {};
  for (const question of DEMO_QUESTIONS[specialty]) {
    const id = demoQuestionId(hospitalCode, specialty, question.key);
    if (question.kind === 'yes_no') answers[id] = at.getMinutes() % 2 === 0;
    if (question.kind === 'number') answers[id] = Math.min(question.max ?? 10, 3 + (at.getMinutes() % 10));
    if (question.kind === 'choice') answers[id] = question.choices?.[0] ?? '';
    if (question.kind === 'date_time') answers[id] = new Date(at.getTime() - 45 * 60_000).toISOString();
    if (question.kind === 'text') answers[id] = 'Fall from standing height';
  }
  return answers;
}

function targetMinutes(specialty: DemoCaseSpecialty, urgency: Urgency): number {
  const target = DEMO_CLINICAL_TARGETS.find(
    (entry) => entry.specialty === specialty && entry.urgency === urgency,
  );
  return target?.minutes ?? DEFAULT_ACK_MINUTES[urgency];
}

export async function seedDemoPastCases(
  tx: Queryable,
  hospital: DemoHospital,
  staff: DemoStaff,
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
    const disposition = DISPOSITIONS[index % DISPOSITIONS.length] ?? 'admit';
    const offered =
      status === 'escalated' ? team.slice(0, 2) : assignee !== null ? [assignee] : team.slice(0, 1);
    const complaints = COMPLAINTS[specialty];
    await insertCase(tx, {
      id: caseId,
      hospitalId: hospital.id,
      caseNumber: number,
      displayNumber: `${hospital.code.toUpperCase()}-${String(number).padStart(6, '0')}`,
      specialtyId,
      urgency,
      status,
      patient: {
        age: 18 + ((index * 7) % 70),
        sex: index % 2 === 0 ? 'female' : 'male',
        mrn: null,
        initials: String.fromCharCode(65 + (index % 26)) + String.fromCharCode(65 + ((index * 3) % 26)),
      },
      doorTime: at(-25),
      chiefComplaint: complaints[index % complaints.length] ?? 'Unwell',
      clinicalSummary: 'Seen in resus; observations as recorded.',
      vitals: {
        heartRate: 70 + (index % 40),
        systolicBp: 110 + (index % 50),
        spo2: 92 + (index % 8),
        gcs: 15,
      },
      triageAnswers: demoAnswers(hospital.code, specialty, created),
      triageVersion: 1,
      openedBy: staff.doctorId,
      idempotencyKey: null,
      routingStep: status === 'escalated' ? 'backup' : 'primary',
      createdAt: at(0),
      updatedAt: at(status === 'closed' ? 180 : 30),
      assignedTo: assignee,
      ackDueAt: waiting ? at(status === 'escalated' ? 20 : 5) : null,
      targetDueAt: at(targetMinutes(specialty, urgency)),
      realertDueAt: waiting ? at(2) : null,
      acceptedAt: assignee !== null ? at(4) : null,
      respondedAt: status === 'responded' || status === 'closed' ? at(40) : null,
      closedAt: status === 'closed' ? at(180) : null,
      cancelledAt: status === 'cancelled' ? at(10) : null,
      cancelReason: status === 'cancelled' ? CANCEL_REASON : null,
      closeDisposition: status === 'closed' ? disposition : null,
    });
    const event = (kind: CaseEventKind, time: string, actorId: string | null, data = {}) =>
      insertCaseEvent(tx, { caseId, at: time, kind, actorId, data });
    await event('created', at(0), staff.doctorId);
    for (const [position, specialistId] of offered.entries()) {
      // The primary is offered the case as it opens, the backup when it escalates; both apps receive it a
      // minute later, and every specialist but a waiting case's has seen it.
      const step = position === 0 ? 'primary' : 'backup';
      const offeredAt = position === 0 ? at(0) : at(5);
      await insertOffers(tx, {
        caseId,
        step,
        at: new Date(offeredAt),
        to: [{ id: `off_demo_${hospital.code}_${number}_${position}`, specialistId }],
      });
      await recordOfferReceipt(tx, caseId, specialistId, new Date(at(position === 0 ? 1 : 6)), false);
      if (!waiting) await recordOfferReceipt(tx, caseId, specialistId, new Date(at(2)), true);
      await event('offered', offeredAt, null, { specialistIds: [specialistId], step });
    }
    if (assignee !== null) await closeOffersOnAccept(tx, caseId, assignee, new Date(at(4)));
    else if (!waiting) await deactivateOffers(tx, caseId);
    if (status === 'escalated') {
      await event('escalated', at(5), null, {
        from: 'primary',
        step: 'backup',
        reason: 'not accepted in time',
      });
    }
    if (assignee !== null) {
      await event('accepted', at(4), assignee);
      await insertMessage(tx, {
        id: `msg_demo_${hospital.code}_${number}`,
        caseId,
        authorId: assignee,
        body: 'Reviewing the images now; call me if the patient deteriorates.',
        at: at(6),
      });
      if (status === 'responded' || status === 'closed') {
        await insertConsultation(tx, {
          caseId,
          authorId: assignee,
          recommendation: 'Assessed remotely: plan agreed with the ED team.',
          disposition,
          followUp: 'Review in clinic in 2 weeks.',
          at: at(40),
        });
        await event('consultation', at(40), assignee, { disposition });
      }
    }
    if (status === 'closed') await event('closed', at(180), staff.doctorId, { disposition, note: null });
    if (status === 'cancelled') await event('cancelled', at(10), staff.doctorId, { reason: CANCEL_REASON });
  }
  await raiseLastCaseNumber(tx, hospital.id, CASES_PER_HOSPITAL);
}
