import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  Case,
  CaseReceipt,
  TriageAssessment,
  TriageAssessmentList,
  TriageQuestion,
} from '../../generated/types.gen.ts';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../server/src/db/migrate.ts';
import { caller, SYSTEM_ADMIN } from './support/admin-calls.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_ADMIN,
  HOSPITAL_ADMIN,
  neurologyCase,
  newKey,
  NEURO_1,
  RVG_DOCTOR,
  seedCasesDatabase,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const NEUROLOGY = '/triage-assessments/spc_neurology';

describe('triage assessments in versions', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  forEachDatabase((_name, open) => {
    async function start(): Promise<FastifyInstance> {
      const db = await open();
      await seedCasesDatabase(db);
      app = await buildCasesApp({ db });
      return app;
    }
    const admin = (started: FastifyInstance) => caller(started, HOSPITAL_ADMIN, ['hospital']);

    async function neurology(started: FastifyInstance): Promise<TriageAssessment> {
      const read = await admin(started).get<TriageAssessment>(NEUROLOGY);
      expect(read.status).toBe(200);
      return read.body;
    }

    it('saves a new version with an added question, audited, and the list and new cases follow it', async () => {
      const started = await start();
      const before = await neurology(started);
      expect(before).toMatchObject({ specialty: { id: 'spc_neurology', name: 'Neurology' }, version: 1 });
      expect(before.questions.map((question) => question.id)).toEqual([
        'tq_sgh_neurology_onset',
        'tq_sgh_neurology_nihss',
        'tq_sgh_neurology_anticoagulated',
        'tq_sgh_neurology_imaging',
      ]);

      const added: TriageQuestion = {
        id: 'q_thrombolysis',
        kind: 'yes_no',
        label: '  Thrombolysis given?  ',
        required: true,
      };
      const saved = await admin(started).put<TriageAssessment>(NEUROLOGY, {
        version: 1,
        questions: [added, ...before.questions],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.version).toBe(2);
      expect(saved.body.questions[0]).toEqual({ ...added, label: 'Thrombolysis given?' });

      const list = await caller(started, DOCTOR, ['er_doctor']).get<TriageAssessmentList>(
        '/triage-assessments',
      );
      const listed = list.body.items.find((item) => item.specialty.id === 'spc_neurology');
      expect(listed).toMatchObject({ version: 2 });
      expect(listed?.questions[0]?.id).toBe('q_thrombolysis');

      // The doctor's new urgent case must now answer the new required question.
      const refused = await as(started, DOCTOR).post('/cases', neurologyCase({ urgency: 'urgent' }), {
        'idempotency-key': newKey(),
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        detail: [
          { loc: ['body', 'triageAnswers', 'q_thrombolysis'], msg: 'Thrombolysis given?: choose yes or no' },
        ],
      });

      const [event] = await started.db.query<{
        action: string;
        actor_id: string;
        hospital_id: string;
        after: unknown;
      }>(
        `select action, actor_id, hospital_id, after from admin_audit_events
         where target_type = 'triage_assessment' and target_id = 'spc_neurology'`,
      );
      expect(event).toMatchObject({
        action: 'triage_assessment.save',
        actor_id: HOSPITAL_ADMIN,
        hospital_id: 'hosp_sgh',
        after: { version: 2 },
      });
    });

    it('a case answers its triage version after the assessment changed', async () => {
      const started = await start();
      const opened = await as(started, DOCTOR).post<CaseReceipt>('/cases', neurologyCase(), {
        'idempotency-key': newKey(),
      });
      expect(opened.status).toBe(201);
      const caseId = (opened.body as unknown as { id: string }).id;

      const before = await neurology(started);
      // Relabel the NIHSS question and drop the anticoagulant one.
      const changed = before.questions
        .filter((question) => question.id !== 'tq_sgh_neurology_anticoagulated')
        .map((question) =>
          question.id === 'tq_sgh_neurology_nihss' ? { ...question, label: 'NIH stroke scale' } : question,
        );
      expect((await admin(started).put(NEUROLOGY, { version: 1, questions: changed })).status).toBe(200);

      const read = await as(started, DOCTOR).get<Case>(`/cases/${caseId}`);
      expect(read.status).toBe(200);
      expect(read.body.triageVersion).toBe(1);
      expect(read.body.triageQuestions).toEqual(before.questions);
      expect(read.body.triageQuestions.find((q) => q.id === 'tq_sgh_neurology_nihss')?.label).toBe(
        'NIHSS score',
      );
      expect(read.body.triageAnswers).toMatchObject({
        tq_sgh_neurology_nihss: 9,
        tq_sgh_neurology_anticoagulated: true,
      });

      // A case opened now answers version 2, and keeps it.
      const { tq_sgh_neurology_anticoagulated: _dropped, ...answers } = neurologyCase()[
        'triageAnswers'
      ] as Record<string, unknown>;
      const second = await as(started, DOCTOR).post<{ id: string }>(
        '/cases',
        neurologyCase({ triageAnswers: answers }),
        { 'idempotency-key': newKey() },
      );
      expect(second.status).toBe(201);
      const secondRead = await as(started, DOCTOR).get<Case>(`/cases/${second.body.id}`);
      expect(secondRead.body.triageVersion).toBe(2);
      expect(secondRead.body.triageQuestions.map((q) => q.label)).toContain('NIH stroke scale');
    });

    it('refuses a stale version with 409 and changes nothing', async () => {
      const started = await start();
      const before = await neurology(started);
      const reordered = [...before.questions].reverse();
      expect((await admin(started).put(NEUROLOGY, { version: 1, questions: reordered })).status).toBe(200);
      const stale = await admin(started).put(NEUROLOGY, { version: 1, questions: [] });
      expect(stale.status).toBe(409);
      expect(stale.body.detail).toMatch(/Someone else saved this triage assessment.*Reload/);
      expect((await neurology(started)).questions).toHaveLength(4);
    });

    it('refuses an assessment that cannot be answered (422 with a problem per fault)', async () => {
      const started = await start();
      const answer = await admin(started).put(NEUROLOGY, {
        version: 1,
        questions: [
          { id: 'a', kind: 'number', label: 'Score', required: true, unit: 'points', min: 10, max: 2 },
          { id: 'b', kind: 'choice', label: 'Side', required: false, choices: [] },
          { id: 'a', kind: 'text', label: 'Notes', required: false },
          { id: 'c', kind: 'choice', label: 'Imaging', required: false, choices: ['CT', 'CT'] },
          { id: 'd', kind: 'text', label: '   ', required: false },
        ],
      });
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toEqual([
        {
          loc: ['body', 'questions', 0, 'min'],
          msg: 'Question 1 (Score): its minimum (10) is above its maximum (2)',
        },
        { loc: ['body', 'questions', 1, 'choices'], msg: 'Question 2 (Side): give it at least one option' },
        {
          loc: ['body', 'questions', 2, 'id'],
          msg: 'Question 3 (Notes): its key a is already the key of question 1',
        },
        {
          loc: ['body', 'questions', 3, 'choices'],
          msg: 'Question 4 (Imaging): the option CT is there twice',
        },
        { loc: ['body', 'questions', 4, 'label'], msg: 'Question 5: give it a label' },
      ]);
      expect((await neurology(started)).version).toBe(1);

      const malformed = await admin(started).put(NEUROLOGY, {
        version: 1,
        questions: [{ id: 'has space', kind: 'essay', label: 'x', required: true }],
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.detail).toBeDefined();
    });

    it('starts an assessment at version 0 for a specialty that has none', async () => {
      const started = await start();
      const empty = await admin(started).get<TriageAssessment>('/triage-assessments/spc_urology');
      expect(empty.body).toMatchObject({ version: 0, updatedAt: null, questions: [] });
      const saved = await admin(started).put<TriageAssessment>('/triage-assessments/spc_urology', {
        version: 0,
        questions: [{ id: 'retention', kind: 'yes_no', label: 'Urinary retention?', required: true }],
      });
      expect(saved.body.version).toBe(1);
      const [event] = await started.db.query<{ before: unknown }>(
        "select before from admin_audit_events where target_id = 'spc_urology'",
      );
      expect(event?.before).toBeNull();
    });

    it('lets only the hospital admin save; everyone of the hospital reads; other scopes get 403/404/400', async () => {
      const started = await start();
      const body = { version: 1, questions: [] };
      for (const [user, roles] of [
        [DOCTOR, ['er_doctor']],
        [ER_ADMIN, ['emergency_room_admin']],
        [NEURO_1, ['specialist']],
        [SYSTEM_ADMIN, ['hospital_system']],
      ] as const) {
        const who = caller(started, user, roles);
        const refused = await who.put(NEUROLOGY, body);
        expect(refused.status, user).toBe(403);
        expect(refused.body.detail).toBe("Only the hospital's administrator edits its triage assessments");
      }
      expect((await caller(started, NEURO_1, ['specialist']).get(NEUROLOGY)).status).toBe(200);
      expect((await caller(started, DOCTOR, ['er_doctor']).get(NEUROLOGY)).status).toBe(200);

      const system = caller(started, SYSTEM_ADMIN, ['hospital_system']);
      expect((await system.get(NEUROLOGY)).status).toBe(400);
      const named = await system.get<TriageAssessment>(`${NEUROLOGY}?hospitalId=hosp_sgh`);
      expect(named.body.version).toBe(1);

      // Another hospital's doctor cannot name St George's; an unknown specialty is not found.
      const other = await caller(started, RVG_DOCTOR, ['er_doctor']).get(`${NEUROLOGY}?hospitalId=hosp_sgh`);
      expect(other.status).toBe(404);
      expect(other.body.detail).toBe('Hospital not found');
      const unknown = await admin(started).put('/triage-assessments/spc_nothing', body);
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe('Specialty not found');
      expect(
        (await started.db.query('select 1 from triage_assessment_versions where version = 2')).length,
      ).toBe(0);
    });
  });
});

describe('migration 0010', () => {
  forEachDatabase((_name, open) => {
    it('turns the questions written before it into version 1 of their assessment', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'case-router-0010-'));
      const db = await open();
      try {
        for (const migration of readMigrations(MIGRATIONS_DIR)) {
          if (migration.version < '0010')
            cpSync(join(MIGRATIONS_DIR, migration.file), join(dir, migration.file));
        }
        await migrate(db, dir);
        await db.query("insert into hospital_systems (id, name) values ('sys', 'System')");
        await db.query(
          "insert into hospitals (id, hospital_system_id, name, short_code, time_zone) values ('h', 'sys', 'H', 'HH', 'UTC')",
        );
        await db.query(
          "insert into specialties (id, hospital_system_id, name) values ('s', 'sys', 'Neurology')",
        );
        await db.query(
          `insert into triage_questions (id, hospital_id, specialty_id, position, kind, label, required, unit, min, max, choices)
           values ('q2', 'h', 's', 1, 'choice', 'Side', false, null, null, null, '{Left,Right}'),
                  ('q1', 'h', 's', 0, 'number', 'NIHSS', true, 'points', 0, 42, '{}')`,
        );
        cpSync(MIGRATIONS_DIR, dir, { recursive: true });
        await migrate(db, dir);
        const rows = await db.query<{ version: number; questions: unknown }>(
          'select version, questions from triage_assessment_versions',
        );
        expect(rows).toEqual([
          {
            version: 1,
            questions: [
              { id: 'q1', kind: 'number', label: 'NIHSS', required: true, unit: 'points', min: 0, max: 42 },
              { id: 'q2', kind: 'choice', label: 'Side', required: false, choices: ['Left', 'Right'] },
            ],
          },
        ]);
      } finally {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
