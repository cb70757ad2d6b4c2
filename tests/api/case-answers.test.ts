// Adding a case's vital signs and triage answers after sending it: an emergent case goes with the minimum
// data set, and its emergency room (the doctor who opened it, the ER staff and admin) adds or corrects the
// rest while the case is open. The answers are checked as at creation; the timeline names what changed, never
// its values; the specialist's event stream hears of it. Every database.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventList, Case, ServerEvent } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  CARDIO_1,
  DOCTOR,
  ER_ADMIN,
  ER_STAFF,
  HOSPITAL_ADMIN,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  OTHER_DOCTOR,
  RVG_DOCTOR,
  seedCasesDatabase,
  setOnCall,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

interface Problem {
  detail: string | { loc: (string | number)[]; msg: string }[];
}

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db, cases: { worker: { tickMs: 3_600_000 } } });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
  });
  afterAll(async () => {
    await app.close();
  });

  /** An emergent case sent with the minimum data set: no vital signs, no triage answers. */
  async function minimalCase(): Promise<Case> {
    const sent = await as(app, DOCTOR).post<Case>(
      '/cases',
      neurologyCase({ vitals: undefined, triageAnswers: undefined, clinicalSummary: undefined }),
      { 'idempotency-key': newKey() },
    );
    expect(sent.status).toBe(201);
    expect(sent.body.vitals).toEqual({});
    expect(sent.body.triageAnswers).toEqual({});
    return sent.body;
  }

  const onset = '2026-11-22T08:10:00.000Z';

  describe('adding vital signs and answers to a case', { timeout: 120_000 }, () => {
    it('merges what the doctor adds, names it on the timeline without values, audits it and tells the specialist', async () => {
      const created = await minimalCase();
      const heard: ServerEvent[] = [];
      const unsubscribe = app.cases.hub.subscribe(
        NEURO_PRIMARY,
        (event) => heard.push(event),
        () => undefined,
      );
      try {
        const vitals = await as(app, DOCTOR).post<Case>(`/cases/${created.id}/answers`, {
          vitals: { heartRate: 112, systolicBp: 186, spo2: 95 },
        });
        expect(vitals.status).toBe(200);
        expect(vitals.body.vitals).toEqual({ heartRate: 112, systolicBp: 186, spo2: 95 });
        expect(vitals.body.triageAnswers).toEqual({});
        expect(vitals.body.status).toBe('pending');

        // The ER staff corrects one sign and answers two questions: the rest stays as it was.
        const answers = await as(app, ER_STAFF).post<Case>(`/cases/${created.id}/answers`, {
          vitals: { heartRate: 108 },
          triageAnswers: { tq_sgh_neurology_onset: onset, tq_sgh_neurology_nihss: 9 },
        });
        expect(answers.status).toBe(200);
        expect(answers.body.vitals).toEqual({ heartRate: 108, systolicBp: 186, spo2: 95 });
        expect(answers.body.triageAnswers).toEqual({
          tq_sgh_neurology_onset: onset,
          tq_sgh_neurology_nihss: 9,
        });

        const added = answers.body.timeline.filter((event) => event.kind === 'answers_added');
        expect(added.map((event) => [event.actor?.id, event.data])).toEqual([
          [DOCTOR, { vitals: ['heartRate', 'spo2', 'systolicBp'], questionIds: [] }],
          [
            ER_STAFF,
            { vitals: ['heartRate'], questionIds: ['tq_sgh_neurology_nihss', 'tq_sgh_neurology_onset'] },
          ],
        ]);
        // The timeline names what changed; the values stay in the case alone.
        expect(JSON.stringify(added)).not.toMatch(/108|112|186|08:10/);

        const trail = await as(app, ER_ADMIN).get<AuditEventList>(`/cases/${created.id}/audit?limit=100`);
        const actions = trail.body.items.map((event) => [event.user?.id, event.action]);
        expect(actions).toContainEqual([DOCTOR, 'case.answers_added']);
        expect(actions).toContainEqual([ER_STAFF, 'case.answers_added']);

        // The specialist the case is offered to hears of each change, and reads the case again.
        // NOTIFY arrives after the commit, in its own time: wait for it (generously, on a busy machine).
        await expect
          .poll(() => heard.filter((event) => event.type === 'case' && event.caseId === created.id).length, {
            timeout: 30_000,
          })
          .toBe(2);
        const read = await as(app, NEURO_PRIMARY).get<Case>(`/cases/${created.id}`);
        expect(read.body.vitals.heartRate).toBe(108);
        expect(read.body.triageAnswers['tq_sgh_neurology_nihss']).toBe(9);
      } finally {
        unsubscribe();
      }
    });

    it('lets the case’s emergency room add them, refuses the specialist (403) and hides the case from everyone else (404)', async () => {
      const created = await minimalCase();
      const body = { vitals: { gcs: 13 } };
      expect((await as(app, ER_ADMIN).post(`/cases/${created.id}/answers`, body)).status).toBe(200);

      const specialist = await as(app, NEURO_PRIMARY).post<Problem>(`/cases/${created.id}/answers`, body);
      expect(specialist.status).toBe(403);
      expect(specialist.body.detail).toBe(
        'Only the emergency room of this case and the er_doctor who opened it may add its vital signs and answers',
      );
      for (const user of [OTHER_DOCTOR, RVG_DOCTOR, CARDIO_1, HOSPITAL_ADMIN]) {
        const refused = await as(app, user).post<Problem>(`/cases/${created.id}/answers`, body);
        expect([user, refused.status, refused.body.detail]).toEqual([user, 404, 'Case not found']);
      }
      const unknown = await as(app, DOCTOR).post<Problem>('/cases/cas_does_not_exist/answers', body);
      expect(unknown.status).toBe(404);
      expect((await as(app, null).post(`/cases/${created.id}/answers`, body)).status).toBe(401);
      // Nothing but the ER admin's sign was written.
      const read = await as(app, DOCTOR).get<Case>(`/cases/${created.id}`);
      expect(read.body.vitals).toEqual({ gcs: 13 });
    });

    it('answers 400 with a detail naming the fault, and writes nothing', async () => {
      const created = await minimalCase();
      const post = (body: unknown) => as(app, DOCTOR).post<Problem>(`/cases/${created.id}/answers`, body);

      const empty = await post({});
      expect(empty.status).toBe(400);
      expect(empty.body.detail).toEqual([
        { loc: ['body'], msg: 'give at least one vital sign or triage answer' },
      ]);
      expect((await post({ vitals: {}, triageAnswers: {} })).status).toBe(400);

      const unknownQuestion = await post({ triageAnswers: { tq_sgh_cardiology_killip: 'II' } });
      expect(unknownQuestion.status).toBe(400);
      expect(unknownQuestion.body.detail).toEqual([
        {
          loc: ['body', 'triageAnswers', 'tq_sgh_cardiology_killip'],
          msg: 'is not a question of this specialty',
        },
      ]);
      const outOfRange = await post({ triageAnswers: { tq_sgh_neurology_nihss: 43 } });
      expect(outOfRange.status).toBe(400);
      expect(outOfRange.body.detail).toEqual([
        { loc: ['body', 'triageAnswers', 'tq_sgh_neurology_nihss'], msg: 'must be at most 42' },
      ]);
      const wrongKind = await post({ triageAnswers: { tq_sgh_neurology_anticoagulated: 'maybe' } });
      expect(wrongKind.body.detail).toEqual([
        { loc: ['body', 'triageAnswers', 'tq_sgh_neurology_anticoagulated'], msg: 'must be true or false' },
      ]);

      // What the contract bounds is refused before the case is read.
      for (const body of [
        { vitals: { heartRate: 351 } },
        { vitals: { pulse: 80 } },
        { vitals: { heartRate: 80 }, note: 'extra' },
        { triageAnswers: { tq_sgh_neurology_onset: 'x'.repeat(2001) } },
        {
          triageAnswers: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`tq_${i}`, true])),
        },
      ]) {
        const refused = await post(body);
        expect(refused.status).toBe(400);
        expect(refused.body.detail).toBeTruthy();
      }
      const read = await as(app, DOCTOR).get<Case>(`/cases/${created.id}`);
      expect(read.body.vitals).toEqual({});
      expect(read.body.triageAnswers).toEqual({});
      expect(read.body.timeline.some((event) => event.kind === 'answers_added')).toBe(false);
    });

    it('answers 409 once the case is cancelled', async () => {
      const created = await minimalCase();
      expect((await as(app, DOCTOR).post(`/cases/${created.id}/cancel`, {})).status).toBe(200);
      const late = await as(app, DOCTOR).post<Problem>(`/cases/${created.id}/answers`, {
        vitals: { heartRate: 90 },
      });
      expect(late.status).toBe(409);
      expect(late.body.detail).toBe(
        'Cannot add vital signs or answers to a case that is cancelled: it was cancelled',
      );
    });
  });
});
