// The audit trail: every read and change of a case leaves an event (who, what, when, from where), readable
// by the ER admin and the hospital admin of its hospital, and never updated or deleted.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditEventList, Case } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_ADMIN,
  ER_STAFF,
  HOSPITAL_ADMIN,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
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
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
  });
  afterAll(async () => {
    await app.close();
  });

  it('has an event for each read and each change, with user, action, time and address', async () => {
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    await as(app, NEURO_PRIMARY).get(`/cases/${created.id}`);
    await as(app, ER_STAFF).get(`/cases/${created.id}`);
    await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`);
    await as(app, DOCTOR).get(`/cases?q=${created.displayNumber}`);
    await as(app, DOCTOR).get(`/cases/${created.id}`);
    await as(app, DOCTOR).get(`/cases/${created.id}/attachments`);

    const trail = await as(app, ER_ADMIN).get<AuditEventList>(`/cases/${created.id}/audit`);
    expect(trail.status).toBe(200);
    // Newest first: the read of the trail itself heads it.
    expect(trail.body.items.map((event) => [event.user?.id, event.action])).toEqual([
      [ER_ADMIN, 'case.audit.read'],
      [DOCTOR, 'attachment.list'],
      [DOCTOR, 'case.read'],
      [DOCTOR, 'case.list'],
      [NEURO_PRIMARY, 'case.accept'],
      [ER_STAFF, 'case.read'],
      [NEURO_PRIMARY, 'case.read'],
      [DOCTOR, 'case.create'],
    ]);
    expect(trail.body.nextCursor).toBeNull();
    for (const event of trail.body.items) {
      expect(event.caseId).toBe(created.id);
      expect(event.address).toBe('127.0.0.1');
      expect(Number.isNaN(Date.parse(event.at))).toBe(false);
    }
    const byHospitalAdmin = await as(app, HOSPITAL_ADMIN).get<AuditEventList>(`/cases/${created.id}/audit`);
    expect(byHospitalAdmin.status).toBe(200);
    expect(byHospitalAdmin.body.items[0]).toMatchObject({
      user: { id: HOSPITAL_ADMIN },
      action: 'case.audit.read',
    });
  });

  it('pages a long trail by cursor, newest first, never more than 100 events an answer', async () => {
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    // 130 earlier reads of the case (each read of a case leaves one event).
    await app.db.query(
      `insert into audit_events (at, user_id, action, case_id, address)
       select now(), $2, 'case.read', $1, '127.0.0.1' from generate_series(1, 130)`,
      [created.id, DOCTOR],
    );
    const first = await as(app, ER_ADMIN).get<AuditEventList>(`/cases/${created.id}/audit`);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.items[0]).toMatchObject({ user: { id: ER_ADMIN }, action: 'case.audit.read' });
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const seen = [...first.body.items];
    let cursor = first.body.nextCursor;
    while (cursor !== null) {
      const page = await as(app, ER_ADMIN).get<AuditEventList>(
        `/cases/${created.id}/audit?limit=100&cursor=${cursor}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(100);
      seen.push(...page.body.items);
      cursor = page.body.nextCursor;
    }
    // Every event once (the later reads of the trail come after the first page and are not in it), newest
    // first, ending with the case's creation.
    const ids = seen.map((event) => Number(event.id));
    expect(ids).toHaveLength(132);
    expect(new Set(ids).size).toBe(132);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(seen.at(-1)).toMatchObject({ user: { id: DOCTOR }, action: 'case.create' });

    const tooMany = await as(app, ER_ADMIN).get(`/cases/${created.id}/audit?limit=101`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toHaveProperty('detail');
  });

  it('refuses the trail to other roles (403), other hospitals (404) and anonymous callers (401)', async () => {
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    const doctor = await as(app, DOCTOR).get(`/cases/${created.id}/audit`);
    expect(doctor.status).toBe(403);
    expect(doctor.body).toEqual({
      detail: 'Only the emergency room admin and the hospital admin may read the audit trail',
    });
    expect((await as(app, RVG_DOCTOR).get(`/cases/${created.id}/audit`)).status).toBe(404);
    expect((await as(app, ER_ADMIN).get('/cases/cas_missing/audit')).status).toBe(404);
    expect((await as(app, null).get(`/cases/${created.id}/audit`)).status).toBe(401);
  });

  it('never lets an audit event be changed or deleted', async () => {
    await expect(app.db.query("update audit_events set action = 'nothing'")).rejects.toThrow(/append-only/);
    await expect(app.db.query('delete from audit_events')).rejects.toThrow(/append-only/);
    const [row] = await app.db.query<{ count: number }>('select count(*) as count from audit_events');
    expect(row?.count).toBeGreaterThan(0);
  });
});
