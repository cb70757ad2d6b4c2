// The case record leaving the app: the FHIR R4 export validates against the specification, carries the
// request, each offer, the thread and the consultation, minimises the patient, and is audited as every
// print is; a case the caller may not read stays 404.
import type { FastifyInstance } from 'fastify';
import { Fhir } from 'fhir';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
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
});
