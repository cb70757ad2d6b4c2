// The case record leaving the app: the FHIR R4 export validates against the specification, carries the
// request, each offer, the thread and the consultation, minimises the patient, and is audited as every
// print is; a case the caller may not read stays 404.
import type { FastifyInstance } from 'fastify';
import { Fhir } from 'fhir';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import { accessDetails } from '../../server/src/cases/access.ts';
import type { Database } from '../../server/src/db/database.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_ADMIN,
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

interface Bundle {
  resourceType: string;
  type: string;
  entry: { resource: Record<string, unknown> & { resourceType: string } }[];
}

// The library's default specification is R4 (its ParseConformance version).
const fhir = new Fhir();

forEachDatabase((_name, open) => {
  let db: Database;
  let app: FastifyInstance;
  let opened: Case;
  beforeAll(async () => {
    db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
    const created = await as(app, DOCTOR).post<Case>(
      '/cases',
      neurologyCase({ patient: { age: 67, sex: 'female', initials: 'JD', mrn: 'MRN-4471' } }),
      {
        'idempotency-key': newKey(),
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    opened = created.body;
    const specialist = as(app, NEURO_PRIMARY);
    expect((await specialist.post(`/cases/${opened.id}/accept`)).status).toBe(200);
    expect(
      (await specialist.post(`/cases/${opened.id}/messages`, { body: 'CT angiography now, please' })).status,
    ).toBe(201);
    const consulted = await specialist.post(`/cases/${opened.id}/consultation`, {
      recommendation: 'Thrombectomy candidate; transfer to the stroke unit',
      disposition: 'admit',
    });
    expect(consulted.status, JSON.stringify(consulted.body)).toBeLessThan(300);
  });
  afterAll(async () => {
    await app.close();
  });

  const audited = async (action: string) =>
    (
      await db.query(`select user_id from audit_events where case_id = $1 and action = $2`, [
        opened.id,
        action,
      ])
    ).map((row) => row['user_id']);

  it('exports the case as a FHIR R4 Bundle that validates against the specification', async () => {
    const response = await as(app, DOCTOR).get<string>(`/cases/${opened.id}/fhir`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/fhir+json');
    expect(response.headers['content-disposition']).toContain(`${opened.displayNumber}-fhir.json`);
    const bundle = JSON.parse(response.raw.toString('utf8')) as Bundle;
    const result = fhir.validate(bundle);
    expect(result.messages.filter((message) => String(message.severity) === 'error')).toEqual([]);
    expect(result.valid).toBe(true);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const kinds = bundle.entry.map((entry) => entry.resource.resourceType);
    expect(kinds).toEqual(['Patient', 'ServiceRequest', 'Task', 'Communication', 'Communication']);
    const [patient, request, task, message, consultation] = bundle.entry.map((entry) => entry.resource);
    expect(request).toMatchObject({ status: 'completed', intent: 'order', priority: 'stat' });
    expect(task).toMatchObject({ status: 'completed', owner: { display: 'Dr Sam Lindqvist' } });
    expect(message).toMatchObject({ payload: [{ contentString: 'CT angiography now, please' }] });
    expect(JSON.stringify(consultation)).toContain('Thrombectomy candidate');
    // The patient as the case holds it, nothing more.
    expect(Object.keys(patient ?? {}).sort()).toEqual([
      'extension',
      'gender',
      'id',
      'identifier',
      'name',
      'resourceType',
    ]);
    expect(patient).toMatchObject({
      gender: 'female',
      name: [{ text: 'JD' }],
      identifier: [{ value: 'MRN-4471' }],
    });
    expect(await audited('case.export_fhir')).toEqual([DOCTOR]);
  });

  it('the validator does refuse what is not FHIR R4', () => {
    expect(fhir.validate({ resourceType: 'Task', status: 'maybe', intent: 'order' }).valid).toBe(false);
  });

  it('audits every print of the summary', async () => {
    expect((await as(app, NEURO_PRIMARY).post(`/cases/${opened.id}/prints`)).status).toBe(204);
    expect((await as(app, DOCTOR).post(`/cases/${opened.id}/prints`)).status).toBe(204);
    expect(await audited('case.print')).toEqual([NEURO_PRIMARY, DOCTOR]);
  });

  it("keeps another hospital's case out of reach: 404, nothing audited as theirs", async () => {
    expect((await as(app, RVG_DOCTOR).get(`/cases/${opened.id}/fhir`)).status).toBe(404);
    expect((await as(app, RVG_DOCTOR).post(`/cases/${opened.id}/prints`)).status).toBe(404);
    expect(await audited('case.export_fhir')).not.toContain(RVG_DOCTOR);
  });

  it('lets only the ER side and the specialist who accepted the case export or print it', async () => {
    // Offered to NEURO_1 first, who declines; the backup (NEURO_PRIMARY) accepts. A second case waits on NEURO_2.
    await setOnCall(db, 'spc_neurology', { primary: NEURO_1, backup: NEURO_PRIMARY });
    const declinedCase = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    expect(
      (await as(app, NEURO_1).post(`/cases/${declinedCase.id}/decline`, { reason: 'In theatre' })).status,
    ).toBe(200);
    expect((await as(app, NEURO_PRIMARY).post(`/cases/${declinedCase.id}/accept`)).status).toBe(200);
    await setOnCall(db, 'spc_neurology', { primary: NEURO_2, backup: null });
    const waiting = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    // Each can still read the case it was offered.
    expect((await as(app, NEURO_1).get(`/cases/${declinedCase.id}`)).status).toBe(200);
    expect((await as(app, NEURO_2).get(`/cases/${waiting.id}`)).status).toBe(200);

    const cases: [string, string, number][] = [
      [DOCTOR, declinedCase.id, 200], // the er_doctor who opened it
      [ER_STAFF, declinedCase.id, 200], // the emergency room
      [ER_ADMIN, declinedCase.id, 200],
      [NEURO_PRIMARY, declinedCase.id, 200], // the specialist who accepted it
      [NEURO_1, declinedCase.id, 403], // declined it
      [NEURO_2, waiting.id, 403], // offered it, not (yet) accepted
      [OTHER_DOCTOR, declinedCase.id, 404], // another er_doctor of the hospital: not theirs to see
      [HOSPITAL_ADMIN, declinedCase.id, 404],
      [RVG_DOCTOR, declinedCase.id, 404],
    ];
    for (const [userId, caseId, status] of cases) {
      const exported = await as(app, userId).get(`/cases/${caseId}/fhir`);
      expect(exported.status, `${userId} exports`).toBe(status);
      const printed = await as(app, userId).post(`/cases/${caseId}/prints`);
      expect(printed.status, `${userId} prints`).toBe(status === 200 ? 204 : status);
      if (status === 403) {
        expect(exported.body).toEqual({ detail: accessDetails.notExporter });
        expect(printed.body).toEqual({ detail: accessDetails.notExporter });
      }
    }
    const refused = await db.query(
      `select user_id from audit_events where case_id = $1 and action = 'case.access_refused'`,
      [declinedCase.id],
    );
    expect(refused.map((row) => row['user_id'])).toContain(NEURO_1);
    const exports = await db.query(
      `select user_id from audit_events where case_id = $1 and action in ('case.export_fhir', 'case.print')`,
      [declinedCase.id],
    );
    expect(exports.map((row) => row['user_id'])).not.toContain(NEURO_1);
  });
});
