// The insights tests' cases: St George's Neurology and Cardiology and Riverside in October 2026 in London
// (across the change back to winter time), and two just outside it. Each list it fills holds the cases written
// as the domain's CaseTimeline, so that a test computes the expected figures from the very cases it wrote.
import type { Database } from '../../../server/src/db/database.ts';
import type { CaseTimeline } from '../../../server/src/domain/measures.ts';
import { DOCTOR, NEURO_1, NEURO_2, NEURO_PRIMARY, RVG_DOCTOR, RVG_NEURO_1, SGH } from './cases-app.ts';
import { insertTimeline, type CaseSpec } from './insight-cases.ts';

export const RVG = 'hosp_rvg';
export const SYSTEM_ADMIN = 'usr_demo_hospital_system';
export const SYSTEM_BUSINESS = 'usr_demo_hospital_system_business_administrator';
export const HOSPITAL_BUSINESS = 'usr_demo_hospital_business_administrator';
export const NEUROLOGY = 'spc_neurology';
export const CARDIOLOGY = 'spc_cardiology';

const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

// October 2026 in London: summer time until 01:00 UTC on the 25th, so the month starts at 23:00 UTC on
// 30 September and ends at 00:00 UTC on 1 November.
export const OCTOBER = 'from=2026-10-01&to=2026-10-31';

function spec(id: string, openedAt: string, overrides: Partial<CaseSpec> = {}): CaseSpec {
  return {
    id,
    hospitalId: SGH,
    specialtyId: NEUROLOGY,
    urgency: 'emergent',
    openedBy: DOCTOR,
    doorTime: plus(openedAt, -20),
    openedAt,
    offers: [{ specialistId: NEURO_PRIMARY, offeredAt: openedAt, acceptedAt: plus(openedAt, 4) }],
    consultedAt: plus(openedAt, 30),
    targetDueAt: plus(openedAt, 15),
    ackSeconds: 300,
    ...overrides,
  };
}

export interface OctoberCases {
  /** St George's, Neurology, inside October in London time. */
  readonly sgh: CaseTimeline[];
  readonly sghCardiology: CaseTimeline[];
  /** Riverside: another hospital of the same system. */
  readonly rvg: CaseTimeline[];
}

/** Writes the October cases, and the two just outside October, into the database; fills the lists. */
export async function writeOctoberCases(
  db: Database,
  { sgh, sghCardiology, rvg }: OctoberCases,
): Promise<void> {
  const write = async (list: CaseTimeline[], caseSpec: CaseSpec) =>
    list.push(await insertTimeline(db, caseSpec));
  // St George's, Neurology, inside October in London time.
  await write(sgh, spec('cas_ins_first_local_day', '2026-09-30T23:30:00Z')); // 00:30 on 1 October, BST
  await write(
    sgh,
    spec('cas_ins_late', '2026-10-05T10:00:00Z', {
      offers: [
        { specialistId: NEURO_PRIMARY, offeredAt: '2026-10-05T10:00:00Z' },
        { specialistId: NEURO_1, offeredAt: '2026-10-05T10:05:00Z', acceptedAt: '2026-10-05T10:17:00Z' },
      ],
      escalated: true,
      consultedAt: null,
    }),
  );
  await write(
    sgh,
    spec('cas_ins_declined', '2026-10-12T14:00:00Z', {
      offers: [
        {
          specialistId: NEURO_PRIMARY,
          offeredAt: '2026-10-12T14:01:00Z',
          declinedAt: '2026-10-12T14:03:00Z',
          declineReason: 'In theatre',
        },
        { specialistId: NEURO_2, offeredAt: '2026-10-12T14:03:00Z', acceptedAt: '2026-10-12T14:10:00Z' },
      ],
      escalated: true,
      consultedAt: '2026-10-12T14:50:00Z',
    }),
  );
  await write(
    sgh,
    spec('cas_ins_cancelled', '2026-10-20T08:00:00Z', {
      offers: [{ specialistId: NEURO_PRIMARY, offeredAt: '2026-10-20T08:00:00Z' }],
      consultedAt: null,
      cancelledAt: '2026-10-20T08:02:00Z',
    }),
  );
  await write(
    sgh,
    spec('cas_ins_no_coverage', '2026-10-25T00:50:00Z', {
      // Across the change back to winter time (02:00 BST → 01:00 GMT at 01:00 UTC).
      offers: [
        { specialistId: NEURO_1, offeredAt: '2026-10-25T00:50:00Z' },
        { specialistId: NEURO_2, offeredAt: '2026-10-25T00:50:00Z', acceptedAt: '2026-10-25T01:20:00Z' },
      ],
      noCoverage: true,
      consultedAt: '2026-10-25T01:40:00Z',
    }),
  );
  await write(sgh, spec('cas_ins_last_local_day', '2026-10-31T23:30:00Z')); // 23:30 GMT, still October
  await write(
    sghCardiology,
    spec('cas_ins_cardiology', '2026-10-14T09:00:00Z', {
      specialtyId: CARDIOLOGY,
      urgency: 'urgent',
      ackSeconds: 900,
      offers: [
        {
          specialistId: 'usr_demo_sgh_cardiology_1',
          offeredAt: '2026-10-14T09:00:00Z',
          acceptedAt: '2026-10-14T09:12:00Z',
        },
      ],
      consultedAt: '2026-10-14T09:40:00Z',
      targetDueAt: '2026-10-14T09:15:00Z',
    }),
  );
  // Outside October locally: the last hour of September (BST) and the first minutes of November.
  await insertTimeline(db, spec('cas_ins_september', '2026-09-30T22:59:00Z'));
  await insertTimeline(db, spec('cas_ins_november', '2026-11-01T00:10:00Z'));
  // Riverside: another hospital of the same system.
  await write(
    rvg,
    spec('cas_ins_rvg', '2026-10-07T12:00:00Z', {
      hospitalId: RVG,
      openedBy: RVG_DOCTOR,
      offers: [
        {
          specialistId: RVG_NEURO_1,
          offeredAt: '2026-10-07T12:00:00Z',
          acceptedAt: '2026-10-07T12:02:00Z',
        },
      ],
    }),
  );
}
