// The cases API's lists on every database: GET /cases paged by keyset, filtered, searched and scoped to what
// each role may see, its 400s, 401 and 403; and the hospital's triage assessments for the new-case form.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList, TriageAssessmentList } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_STAFF,
  HOSPITAL_ADMIN,
  NEURO_1,
  NEURO_2,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  OTHER_DOCTOR,
  RVG_DOCTOR,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 });
  });
  afterAll(async () => {
    await app.close();
  });

  async function openCase(overrides: Record<string, unknown> = {}): Promise<Case> {
    const response = await as(app, DOCTOR).post<Case>('/cases', neurologyCase(overrides), {
      'idempotency-key': newKey(),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  }

  describe('GET /cases', () => {
    it('pages by keyset, newest first, without repeats', async () => {
      const first = await as(app, ER_STAFF).get<CaseList>('/cases?sort=newest&limit=20');
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(20);
      expect(first.body.nextCursor).not.toBeNull();
      const second = await as(app, ER_STAFF).get<CaseList>(
        `/cases?sort=newest&limit=20&cursor=${first.body.nextCursor ?? ''}`,
      );
      const ids = [...first.body.items, ...second.body.items].map((item) => item.id);
      expect(new Set(ids).size).toBe(40);
      const times = [...first.body.items, ...second.body.items].map((item) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(first.body.items.every((item) => item.displayNumber.startsWith('SGH-'))).toBe(true);
    });

    it('filters by status, specialty, urgency and date range, and searches number and complaint', async () => {
      const created = await openCase({ chiefComplaint: 'Aphasia after a fall', urgency: 'urgent' });
      const byStatus = await as(app, ER_STAFF).get<CaseList>(
        '/cases?status=closed&status=cancelled&limit=100',
      );
      expect(byStatus.body.items.length).toBeGreaterThan(0);
      expect(byStatus.body.items.every((item) => ['closed', 'cancelled'].includes(item.status))).toBe(true);

      const bySpecialty = await as(app, ER_STAFF).get<CaseList>(
        '/cases?specialtyId=spc_cardiology&urgency=routine&limit=100',
      );
      expect(bySpecialty.body.items.length).toBeGreaterThan(0);
      expect(
        bySpecialty.body.items.every(
          (item) => item.specialty.id === 'spc_cardiology' && item.urgency === 'routine',
        ),
      ).toBe(true);

      const from = encodeURIComponent(new Date(Date.parse(created.createdAt) - 1).toISOString());
      const recent = await as(app, ER_STAFF).get<CaseList>(`/cases?from=${from}&limit=100`);
      expect(recent.body.items.map((item) => item.id)).toContain(created.id);
      expect(
        recent.body.items.every((item) => Date.parse(item.createdAt) >= Date.parse(created.createdAt) - 1),
      ).toBe(true);

      const byWords = await as(app, ER_STAFF).get<CaseList>('/cases?q=aphasia');
      expect(byWords.body.items.map((item) => item.id)).toEqual([created.id]);
      const byNumber = await as(app, ER_STAFF).get<CaseList>(
        `/cases?q=${created.displayNumber.toLowerCase()}`,
      );
      expect(byNumber.body.items.map((item) => item.id)).toEqual([created.id]);
    });

    it('lists for each role only what it may see: mine and offered to me', async () => {
      const created = await openCase();
      const offered = await as(app, NEURO_PRIMARY).get<CaseList>('/cases?scope=offered&limit=100');
      expect(offered.body.items.map((item) => item.id)).toContain(created.id);
      expect(offered.body.items.every((item) => ['pending', 'escalated'].includes(item.status))).toBe(true);

      const neuro2 = await as(app, NEURO_2).get<CaseList>('/cases?limit=100');
      expect(neuro2.body.items.map((item) => item.id)).not.toContain(created.id);

      const mine = await as(app, DOCTOR).get<CaseList>('/cases?scope=mine&limit=100');
      expect(mine.body.items.every((item) => item.openedBy.id === DOCTOR)).toBe(true);
      const other = await as(app, OTHER_DOCTOR).get<CaseList>('/cases?limit=100');
      expect(other.body.items).toEqual([]);

      const riverside = await as(app, RVG_DOCTOR).get<CaseList>('/cases?limit=100');
      expect(riverside.body.items.length).toBeGreaterThan(0);
      expect(riverside.body.items.every((item) => item.displayNumber.startsWith('RVG-'))).toBe(true);
    });

    it('refuses a bad filter, a forged cursor, no token and a role without cases', async () => {
      expect((await as(app, ER_STAFF).get('/cases?status=lost')).status).toBe(400);
      expect((await as(app, ER_STAFF).get('/cases?limit=0')).status).toBe(400);
      const forged = await as(app, ER_STAFF).get('/cases?cursor=bm90LWEtY3Vyc29y');
      expect(forged.status).toBe(400);
      expect(forged.body.detail).toEqual([
        { loc: ['query', 'cursor'], msg: 'is not a cursor this server gave out' },
      ]);
      expect((await as(app, null).get('/cases')).status).toBe(401);
      expect((await as(app, HOSPITAL_ADMIN).get('/cases')).status).toBe(403);
    });
  });

  describe('triage assessments', () => {
    it('lists the hospital’s questions per specialty for the new-case form', async () => {
      const answer = await as(app, DOCTOR).get<TriageAssessmentList>('/triage-assessments');
      expect(answer.status).toBe(200);
      const names = answer.body.items.map((item) => item.specialty.name);
      expect(names).toEqual(['Cardiology', 'General Surgery', 'Neurology', 'Orthopaedics']);
      const neurology = answer.body.items.find(
        (item: { specialty: { name: string } }) => item.specialty.name === 'Neurology',
      );
      expect(neurology?.questions[1]).toEqual({
        id: 'tq_sgh_neurology_nihss',
        kind: 'number',
        label: 'NIHSS score',
        required: true,
        unit: 'points',
        min: 0,
        max: 42,
      });
      expect((await as(app, null).get('/triage-assessments')).status).toBe(401);
      expect((await as(app, DOCTOR).get('/triage-assessments?hospitalId=hosp_rvg')).status).toBe(404);
    });
  });
});
