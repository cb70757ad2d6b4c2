// The cases API's commands and reading one case on every database: each operation's success and its 4xx
// (validation, 401, 403, the foreign-hospital 404, 409), the idempotent create, and the first accept winning
// under concurrency. The lists and the triage assessments are in case-lists.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, FieldProblem } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  CARDIO_1,
  DOCTOR,
  ER_ADMIN,
  ER_STAFF,
  HOSPITAL_ADMIN,
  NEURO_1,
  NEURO_2,
  NEURO_3,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  OTHER_DOCTOR,
  RVG_DOCTOR,
  RVG_NEURO_1,
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

  describe('POST /cases', () => {
    it('opens a case, numbers it per hospital and offers it to the on-call primary', async () => {
      const created = await openCase();
      expect(created).toMatchObject({
        status: 'pending',
        urgency: 'emergent',
        specialty: { id: 'spc_neurology', name: 'Neurology' },
        openedBy: { id: DOCTOR },
        routingStep: 'primary',
        noCoverage: false,
        hospital: { id: 'hosp_sgh' },
      });
      expect(created.displayNumber).toMatch(/^SGH-\d{6}$/);
      expect(created.offers.map((offer) => offer.specialist.id)).toEqual([NEURO_PRIMARY]);
      expect(created.timeline.map((event) => event.kind)).toEqual(['created', 'offered']);
      const ackMs = Date.parse(created.ackDueAt ?? '') - Date.parse(created.createdAt);
      expect(ackMs).toBe(5 * 60_000);
    });

    it('returns the same case for the same Idempotency-Key, sent 10 times at once, never a duplicate', async () => {
      const key = newKey();
      // A retry resends the very same body; built once so the clock cannot differ between copies.
      const body = neurologyCase();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          as(app, DOCTOR).post<Case>('/cases', body, { 'idempotency-key': key }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      const [row] = await app.db.query<{ count: number }>(
        'select count(*) as count from cases where opened_by = $1 and idempotency_key = $2',
        [DOCTOR, key],
      );
      expect(row?.count).toBe(1);
    });

    it('refuses a missing Idempotency-Key, an invalid body and wrong triage answers with 400 and detail', async () => {
      const noKey = await as(app, DOCTOR).post('/cases', neurologyCase());
      expect(noKey.status).toBe(400);
      expect(noKey.body.detail).toContainEqual({ loc: ['header', 'idempotency-key'], msg: 'is required' });

      const invalid = await as(app, DOCTOR).post(
        '/cases',
        neurologyCase({ urgency: 'soon', patient: { age: 200, sex: 'female' } }),
        {
          'idempotency-key': newKey(),
        },
      );
      expect(invalid.status).toBe(400);
      expect((invalid.body.detail as FieldProblem[]).map((problem) => problem.loc.join('.'))).toEqual(
        expect.arrayContaining(['body.urgency', 'body.patient.age']),
      );

      const triage = await as(app, DOCTOR).post(
        '/cases',
        neurologyCase({
          urgency: 'urgent',
          triageAnswers: { tq_sgh_neurology_nihss: 50, tq_sgh_neurology_anticoagulated: 'yes' },
        }),
        { 'idempotency-key': newKey() },
      );
      expect(triage.status).toBe(400);
      expect(triage.body.detail).toEqual(
        expect.arrayContaining([
          {
            loc: ['body', 'triageAnswers', 'tq_sgh_neurology_onset'],
            msg: 'Symptom onset (last known well): enter a date and a time such as 14:30',
          },
          { loc: ['body', 'triageAnswers', 'tq_sgh_neurology_nihss'], msg: 'must be at most 42' },
          { loc: ['body', 'triageAnswers', 'tq_sgh_neurology_anticoagulated'], msg: 'must be true or false' },
        ]),
      );

      // An emergent case goes with the minimum data set: specialty, urgency, age, sex and a complaint.
      const minimal = await as(app, DOCTOR).post<Case>(
        '/cases',
        {
          specialtyId: 'spc_neurology',
          urgency: 'emergent',
          patient: { age: 67, sex: 'female' },
          doorTime: new Date(Date.now() - 5 * 60_000).toISOString(),
          chiefComplaint: 'Sudden left-sided weakness',
        },
        { 'idempotency-key': newKey() },
      );
      expect(minimal.status, JSON.stringify(minimal.body)).toBe(201);
      expect(minimal.body.triageAnswers).toEqual({});

      const unknown = await as(app, DOCTOR).post('/cases', neurologyCase({ specialtyId: 'spc_nope' }), {
        'idempotency-key': newKey(),
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.detail).toEqual([
        { loc: ['body', 'specialtyId'], msg: 'is not a specialty of your hospital system' },
      ]);
    });

    it('answers 401 without a token and 403 to a role that may not open cases', async () => {
      expect(
        (await as(app, null).post('/cases', neurologyCase(), { 'idempotency-key': newKey() })).status,
      ).toBe(401);
      for (const user of [NEURO_PRIMARY, ER_STAFF, HOSPITAL_ADMIN]) {
        const refused = await as(app, user).post('/cases', neurologyCase(), { 'idempotency-key': newKey() });
        expect(refused.status, user).toBe(403);
        expect(refused.body.detail).toBe('Only an er_doctor of a hospital may open cases');
      }
    });
  });

  describe('GET /cases/{caseId}', () => {
    it('shows the case to its doctor, the ER staff and the offered specialist, and to nobody else', async () => {
      const created = await openCase();
      for (const user of [DOCTOR, ER_STAFF, ER_ADMIN, NEURO_PRIMARY]) {
        const seen = await as(app, user).get<Case>(`/cases/${created.id}`);
        expect(seen.status, user).toBe(200);
        expect(seen.body.id).toBe(created.id);
      }
      for (const user of [OTHER_DOCTOR, NEURO_2, CARDIO_1, HOSPITAL_ADMIN, RVG_DOCTOR, RVG_NEURO_1]) {
        const hidden = await as(app, user).get(`/cases/${created.id}`);
        expect(hidden.status, user).toBe(404);
        expect(hidden.body).toEqual({ detail: 'Case not found' });
      }
      expect((await as(app, null).get(`/cases/${created.id}`)).status).toBe(401);
      expect((await as(app, DOCTOR).get('/cases/cas_missing')).status).toBe(404);
    });
  });

  describe('accept, decline, receipts', () => {
    it('lets exactly one of 50 parallel accepts win; the rest get 409', async () => {
      await setOnCall(app.db, 'spc_neurology', null);
      const created = await openCase();
      expect(created.noCoverage).toBe(true);
      const team = [NEURO_PRIMARY, NEURO_1, NEURO_2, NEURO_3];
      expect(created.offers.map((offer) => offer.specialist.id).sort()).toEqual([...team].sort());
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          as(app, team[index % team.length] ?? NEURO_1).post<Case>(`/cases/${created.id}/accept`),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      const loser = answers.find((answer) => answer.status === 409);
      expect(loser?.body).toEqual({
        detail: 'Cannot accept a case that is accepted: it has been accepted already',
      });
      const winner = answers.find((answer) => answer.status === 200)?.body;
      const final = await as(app, DOCTOR).get<Case>(`/cases/${created.id}`);
      expect(final.body.assignedTo?.id).toBe(winner?.assignedTo?.id);
      expect(final.body.offers.filter((offer) => offer.acceptedAt !== null)).toHaveLength(1);
      expect(final.body.ackDueAt).toBeNull();
      await setOnCall(app.db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: NEURO_1 });
    });

    it('moves a declined case to the backup, then to every specialist, recording the reason', async () => {
      const created = await openCase();
      const empty = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/decline`, { reason: ' ' });
      expect(empty.status).toBe(200);
      const declined = await as(app, NEURO_1).post<Case>(`/cases/${created.id}/decline`, {
        reason: 'In theatre',
      });
      expect(declined.status).toBe(200);
      expect(declined.body.routingStep).toBe('all');
      expect(declined.body.status).toBe('pending');
      const offers = Object.fromEntries(declined.body.offers.map((offer) => [offer.specialist.id, offer]));
      expect(offers[NEURO_PRIMARY]?.declinedAt).not.toBeNull();
      expect(offers[NEURO_1]).toMatchObject({ step: 'backup', declineReason: 'In theatre' });
      expect(offers[NEURO_2]?.step).toBe('all');
      expect(offers[NEURO_3]?.step).toBe('all');
      expect(declined.body.timeline.filter((event) => event.kind === 'declined')).toHaveLength(2);

      const again = await as(app, NEURO_1).post(`/cases/${created.id}/decline`, {
        reason: 'Still in theatre',
      });
      expect(again.status).toBe(403);
      expect(again.body.detail).toBe('This case is not offered to you');
      const acceptedByDecliner = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`);
      expect(acceptedByDecliner.status).toBe(403);
    });

    it('refuses a decline without a reason (400), by a non-specialist (403) or of a foreign case (404)', async () => {
      const created = await openCase();
      expect((await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/decline`, {})).status).toBe(400);
      expect((await as(app, ER_STAFF).post(`/cases/${created.id}/decline`, { reason: 'no' })).status).toBe(
        403,
      );
      expect((await as(app, RVG_NEURO_1).post(`/cases/${created.id}/decline`, { reason: 'no' })).status).toBe(
        404,
      );
      expect((await as(app, null).post(`/cases/${created.id}/decline`, { reason: 'no' })).status).toBe(401);
      expect((await as(app, NEURO_2).post(`/cases/${created.id}/accept`)).status).toBe(404);
    });

    it('records delivered and seen receipts once each, for the doctor to see', async () => {
      const created = await openCase();
      const delivered = await as(app, NEURO_PRIMARY).post<Case>(`/cases/${created.id}/receipts`, {
        kind: 'delivered',
      });
      expect(delivered.status).toBe(200);
      const deliveredAt = delivered.body.offers[0]?.deliveredAt;
      expect(deliveredAt).not.toBeNull();
      expect(delivered.body.offers[0]?.seenAt).toBeNull();
      await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/receipts`, { kind: 'delivered' });
      const seen = await as(app, NEURO_PRIMARY).post<Case>(`/cases/${created.id}/receipts`, { kind: 'seen' });
      expect(seen.body.offers[0]?.deliveredAt).toBe(deliveredAt);
      expect(seen.body.offers[0]?.seenAt).not.toBeNull();
      const kinds = seen.body.timeline.map((event) => event.kind);
      expect(kinds.filter((kind) => kind === 'delivered')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'seen')).toHaveLength(1);

      expect(
        (await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/receipts`, { kind: 'read' })).status,
      ).toBe(400);
      expect((await as(app, DOCTOR).post(`/cases/${created.id}/receipts`, { kind: 'seen' })).status).toBe(
        403,
      );
    });
  });

  describe('the rest of the life of a case', () => {
    it('goes pending -> accepted -> responded -> closed with messages on the way', async () => {
      const created = await openCase();
      const message = await as(app, DOCTOR).post(`/cases/${created.id}/messages`, { body: 'CT on its way' });
      expect(message.status).toBe(201);
      expect(message.body).toMatchObject({ author: { id: DOCTOR }, body: 'CT on its way' });
      expect((await as(app, ER_STAFF).post(`/cases/${created.id}/messages`, { body: 'Bed 4' })).status).toBe(
        201,
      );

      const early = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/consultation`, {
        recommendation: 'Thrombectomy',
        disposition: 'transfer',
      });
      expect(early.status).toBe(403);
      const closeEarly = await as(app, DOCTOR).post(`/cases/${created.id}/close`, { disposition: 'admit' });
      expect(closeEarly.status).toBe(409);
      expect(closeEarly.body.detail).toBe(
        'Cannot close a case that is pending: no specialist has accepted it yet',
      );

      expect((await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`)).status).toBe(200);
      expect(
        (await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/messages`, { body: 'Seen the CT' })).status,
      ).toBe(201);
      expect(
        (await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/consultation`, { recommendation: '' }))
          .status,
      ).toBe(400);
      const answered = await as(app, NEURO_PRIMARY).post<Case>(`/cases/${created.id}/consultation`, {
        recommendation: 'Thrombectomy assessment',
        disposition: 'transfer',
        followUp: 'NIHSS hourly',
      });
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({
        status: 'responded',
        consultation: { disposition: 'transfer', followUp: 'NIHSS hourly', author: { id: NEURO_PRIMARY } },
      });
      const twice = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/consultation`, {
        recommendation: 'Again',
        disposition: 'admit',
      });
      expect(twice.status).toBe(409);

      expect(
        (await as(app, ER_STAFF).post(`/cases/${created.id}/close`, { disposition: 'transfer' })).status,
      ).toBe(403);
      expect((await as(app, DOCTOR).post(`/cases/${created.id}/close`, { disposition: 'home' })).status).toBe(
        400,
      );
      const closed = await as(app, DOCTOR).post<Case>(`/cases/${created.id}/close`, {
        disposition: 'transfer',
        note: 'To the regional centre',
      });
      expect(closed.status).toBe(200);
      expect(closed.body).toMatchObject({
        status: 'closed',
        closeDisposition: 'transfer',
        closeNote: 'To the regional centre',
      });
      expect(closed.body.messages.map((entry) => entry.body)).toEqual([
        'CT on its way',
        'Bed 4',
        'Seen the CT',
      ]);
      expect(closed.body.timeline.map((event) => event.kind)).toEqual([
        'created',
        'offered',
        'message',
        'message',
        'accepted',
        'message',
        'consultation',
        'closed',
      ]);
      const late = await as(app, DOCTOR).post(`/cases/${created.id}/messages`, { body: 'One more thing' });
      expect(late.status).toBe(409);
      expect((await as(app, DOCTOR).post(`/cases/${created.id}/cancel`, {})).status).toBe(409);
    });

    it('lets only its doctor cancel a waiting case, and never an accepted one', async () => {
      const created = await openCase();
      expect((await as(app, OTHER_DOCTOR).post(`/cases/${created.id}/cancel`, {})).status).toBe(404);
      expect((await as(app, ER_ADMIN).post(`/cases/${created.id}/cancel`, {})).status).toBe(403);
      expect((await as(app, RVG_DOCTOR).post(`/cases/${created.id}/cancel`, {})).status).toBe(404);
      const cancelled = await as(app, DOCTOR).post<Case>(`/cases/${created.id}/cancel`, {
        reason: 'Improved',
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Improved', ackDueAt: null });
      const accept = await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`);
      expect(accept.status).toBe(409);
      expect(accept.body.detail).toBe('Cannot accept a case that is cancelled: it was cancelled');

      const accepted = await openCase();
      await as(app, NEURO_PRIMARY).post(`/cases/${accepted.id}/accept`);
      expect((await as(app, DOCTOR).post(`/cases/${accepted.id}/cancel`, {})).status).toBe(409);
    });
  });
});
