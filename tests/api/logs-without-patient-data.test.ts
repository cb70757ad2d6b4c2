// Logs carry ids, never clinical text: the case flow runs with the server logging everything it logs, and
// the captured lines are searched for the case's complaint, summary, MRN, message, search terms and file
// name. A failing query (the 5xx path) logs its error without the SQL parameters it was given.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case } from '../../generated/types.gen.ts';
import { createLogger, serializeError } from '../../server/src/logger.ts';
import { as, buildCasesApp, DOCTOR, neurologyCase, newKey, seedCasesDatabase } from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

const COMPLAINT = 'Thunderclap headache after lifting';
const SUMMARY = 'Known berry aneurysm in the family';
const MRN = 'MRN-44719023';
const MESSAGE = 'Her sister had a subarachnoid bleed';
const FILE_NAME = 'Jane Doe x-ray.jpg';
const SEARCH = 'Thunderclap';
const SECRETS = [
  COMPLAINT,
  SUMMARY,
  MRN,
  MESSAGE,
  FILE_NAME,
  encodeURIComponent(FILE_NAME),
  SEARCH,
  'Jane Doe',
];

describe('the server logs no patient data', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    const db = await openTestPglite();
    await seedCasesDatabase(db);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = await buildCasesApp({ db, logger: createLogger('trace', sink) });
  });
  afterAll(async () => {
    await app.close();
  });

  it('through the case flow and a failing query', async () => {
    const created = await as(app, DOCTOR).post<Case>(
      '/cases',
      neurologyCase({
        chiefComplaint: COMPLAINT,
        clinicalSummary: SUMMARY,
        patient: { age: 51, sex: 'female', mrn: MRN },
      }),
      { 'idempotency-key': newKey() },
    );
    expect(created.status).toBe(201);
    const caseId = created.body.id;
    expect((await as(app, DOCTOR).get(`/cases?q=${SEARCH}`)).status).toBe(200);
    expect((await as(app, DOCTOR).get(`/cases/${caseId}`)).status).toBe(200);
    expect((await as(app, DOCTOR).post(`/cases/${caseId}/messages`, { body: MESSAGE })).status).toBe(201);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const uploaded = await as(app, DOCTOR).post(
      `/cases/${caseId}/attachments?fileName=${encodeURIComponent(FILE_NAME)}`,
      jpeg,
      { 'content-type': 'image/jpeg' },
    );
    expect(uploaded.status).toBe(201);
    // The 5xx path: the messages table is gone, so the insert fails carrying the message as a parameter.
    await app.db.query('alter table case_messages rename to case_messages_gone');
    const failed = await as(app, DOCTOR).post(`/cases/${caseId}/messages`, { body: MESSAGE });
    expect(failed.status).toBe(500);
    await app.db.query('alter table case_messages_gone rename to case_messages');

    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain(caseId);
    for (const secret of SECRETS) expect(log, secret).not.toContain(secret);
  });
});

describe('an error as logged', () => {
  it('keeps a database error’s code and routine, and drops its message, detail, query and parameters', () => {
    const error = Object.assign(new Error(`duplicate key: Key (mrn)=(${MRN}) already exists`), {
      severity: 'ERROR',
      code: '23505',
      routine: '_bt_check_unique',
      constraint: 'cases_mrn_key',
      detail: `Key (mrn)=(${MRN}) already exists.`,
      query: 'insert into cases (mrn) values ($1)',
      params: [MRN],
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain(MRN);
    expect(JSON.parse(logged)).toMatchObject({ code: '23505', routine: '_bt_check_unique' });
  });
});
