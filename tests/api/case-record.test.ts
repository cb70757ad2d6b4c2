// The case record leaving the app: the FHIR R4 export passes two validators and resolves every reference
// inside itself, carries the request, each offer with its outcome, each attachment as a reference to its
// download, the thread and the consultation, minimises the patient, and is audited as every print is; a case
// the caller may not read stays 404.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Attachment, Case } from '../../generated/types.gen.ts';
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
import {
  bundleProblems,
  fhirPackageErrors,
  medplumErrors,
  NO_PROBLEMS,
  unresolvedReferences,
  type Bundle,
} from './support/fhir-checks.ts';

const scan = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 20, g: 20, b: 20 } } })
    .png()
    .toBuffer();

forEachDatabase((_name, open) => {
  let db: Database;
  let app: FastifyInstance;
  let opened: Case;
  let attachment: Attachment;
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
    const uploaded = await as(app, DOCTOR).post<Attachment>(
      `/cases/${opened.id}/attachments?fileName=${encodeURIComponent('CT head.png')}`,
      await scan(),
      { 'content-type': 'image/png' },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    attachment = uploaded.body;
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
    expect(bundleProblems(bundle)).toEqual(NO_PROBLEMS);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const kinds = bundle.entry.map((entry) => entry.resource.resourceType);
    expect(kinds).toEqual([
      'Patient',
      'ServiceRequest',
      'Task',
      'DocumentReference',
      'Communication',
      'Communication',
    ]);
    const [patient, request, task, document, message, consultation] = bundle.entry.map(
      (entry) => entry.resource,
    );
    expect(request).toMatchObject({ status: 'completed', intent: 'order', priority: 'stat' });
    expect(task).toMatchObject({
      status: 'completed',
      owner: { display: 'Dr Sam Lindqvist' },
      businessStatus: { coding: [{ code: 'accepted' }] },
    });
    // The attachment by reference to its access-checked download, with its digest; never the bytes.
    const download = await as(app, DOCTOR).get(`/media/attachments/${attachment.id}`);
    expect(download.status).toBe(200);
    expect(document).toMatchObject({
      status: 'current',
      content: [
        {
          attachment: {
            contentType: 'image/png',
            size: download.raw.length,
            hash: createHash('sha1').update(download.raw).digest('base64'),
            title: 'CT head.png',
            creation: attachment.createdAt,
            url: attachment.url,
          },
        },
      ],
    });
    expect(JSON.stringify(document)).not.toContain('"data"');
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

  it('each check does refuse what is wrong: not FHIR R4, or a reference nothing in the bundle answers', () => {
    const notR4 = { resourceType: 'Task', id: 't1', status: 'maybe', intent: 'order' };
    expect(fhirPackageErrors(notR4)).not.toEqual([]);
    expect(medplumErrors({ resourceType: 'Task', id: 't1', status: 'requested', when: 'now' })).not.toEqual(
      [],
    );
    expect(medplumErrors({ resourceType: 'Task', id: 't1', status: 'requested' })).not.toEqual([]);
    expect(
      unresolvedReferences({
        resourceType: 'Bundle',
        type: 'collection',
        entry: [
          {
            fullUrl: 'urn:uuid:5f0c6b1e-1d2a-5c3b-8e4f-0a1b2c3d4e5f',
            resource: { resourceType: 'Task', id: 't1', for: { reference: 'Patient/p1' } },
          },
        ],
      }),
    ).toEqual(['Patient/p1']);
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
