// A triage assessment stays small: the contract bounds its questions, options and texts (an assessment of
// nearly a megabyte is refused with a detail), a save that changes nothing writes no version and no audit
// entry, and the audit entry of a change holds what changed, not both whole versions.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TriageAssessment, TriageQuestion } from '../../generated/types.gen.ts';
import { caller } from './support/admin-calls.ts';
import { buildCasesApp, HOSPITAL_ADMIN, seedCasesDatabase } from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';

const NEUROLOGY = '/triage-assessments/spc_neurology';

/** `count` choice questions with `options` options, every text `length` characters long. */
function questions(
  count: number,
  options: number,
  labelLength: number,
  optionLength: number,
): TriageQuestion[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `q_${index}`,
    kind: 'choice' as const,
    label: `Question ${index} `.padEnd(labelLength, 'x'),
    required: false,
    choices: Array.from({ length: options }, (_, option) => `Option ${option} `.padEnd(optionLength, 'y')),
  }));
}

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
  });
  afterAll(async () => {
    await app.close();
  });
  const admin = () => caller(app, HOSPITAL_ADMIN, ['hospital']);
  const current = async () => (await admin().get<TriageAssessment>(NEUROLOGY)).body;
  const count = async (sql: string) =>
    Number((await app.db.query<{ count: number | string }>(sql))[0]?.count ?? 0);
  const versions = () =>
    count("select count(*) as count from triage_assessment_versions where specialty_id = 'spc_neurology'");
  const audits = () =>
    count("select count(*) as count from admin_audit_events where target_type = 'triage_assessment'");

  it('refuses an assessment of nearly a megabyte with 400 and a detail, and keeps the version', async () => {
    const before = await current();
    const huge = { version: before.version, questions: questions(100, 50, 500, 180) };
    const size = Buffer.byteLength(JSON.stringify(huge));
    expect(size).toBeGreaterThan(950_000);
    expect(size).toBeLessThan(1_000_000);
    const refused = await admin().put<{ detail: unknown }>(NEUROLOGY, huge);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc: ['body', 'questions'] })]),
    );
    expect((await current()).version).toBe(before.version);

    // Each bound alone: 61 questions, 21 options, an option of 101 characters, a label of 501.
    for (const over of [
      questions(61, 1, 10, 10),
      questions(1, 21, 10, 10),
      questions(1, 1, 10, 101),
      questions(1, 1, 501, 10),
    ]) {
      const answer = await admin().put<{ detail: unknown }>(NEUROLOGY, {
        version: before.version,
        questions: over,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBeDefined();
    }
  });

  it('writes no version and no audit entry for a save that changes nothing', async () => {
    const before = await current();
    const [versionsBefore, auditsBefore] = [await versions(), await audits()];
    // Sent as read, key order and spacing aside.
    const again = before.questions.map((question) => ({ ...question, label: ` ${question.label} ` }));
    const saved = await admin().put<TriageAssessment>(NEUROLOGY, {
      version: before.version,
      questions: again,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: before.version, updatedAt: before.updatedAt });
    expect(await versions()).toBe(versionsBefore);
    expect(await audits()).toBe(auditsBefore);
  });

  it('audits what a save changed, not both whole versions', async () => {
    const largest = questions(60, 20, 500, 100);
    const first = await admin().put<TriageAssessment>(NEUROLOGY, {
      version: (await current()).version,
      questions: largest,
    });
    expect(first.status).toBe(200);
    const changed = largest.map((question, index) =>
      index === 7 ? { ...question, label: 'Anticoagulated within 48 hours?' } : question,
    );
    const second = await admin().put<TriageAssessment>(NEUROLOGY, {
      version: first.body.version,
      questions: changed,
    });
    expect(second.status).toBe(200);
    expect(second.body.version).toBe(first.body.version + 1);

    const [entry] = await app.db.query<{ before: unknown; after: unknown }>(
      `select before, after from admin_audit_events where target_type = 'triage_assessment'
       order by id desc limit 1`,
    );
    expect(entry?.before).toEqual({ version: first.body.version, removed: [], changed: [largest[7]] });
    expect(entry?.after).toEqual({ version: second.body.version, added: [], changed: [changed[7]] });
    // One question of about 2.6 kB on each side, where both versions held 60 of them.
    expect(Buffer.byteLength(JSON.stringify(entry))).toBeLessThan(8_000);
  });
});
