// Insights for physicians: the admins see every specialist of their hospital, a specialist only their own
// figures and their specialty's median, and a specialist's own report (and its audited print).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhysicianInsights, SpecialistReport } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import { percentile, responseSeconds, type CaseTimeline } from '../../server/src/domain/measures.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_1,
  NEURO_PRIMARY,
  RVG_NEURO_1,
  seedCasesDatabase,
} from './support/cases-app.ts';
import { forEachDatabase } from './support/databases.ts';
import { HOSPITAL_BUSINESS, OCTOBER, RVG, writeOctoberCases } from './support/insight-october.ts';

forEachDatabase((_name, open) => {
  let db: Database;
  let app: FastifyInstance;
  const sgh: CaseTimeline[] = [];
  const sghCardiology: CaseTimeline[] = [];
  const rvg: CaseTimeline[] = [];

  beforeAll(async () => {
    db = await open();
    // The demo's staff; its own past cases fall in December 2029, far from the ranges asked here.
    await seedCasesDatabase(db, new Date('2030-01-01T00:00:00Z'));
    app = await buildCasesApp({ db });
    await writeOctoberCases(db, { sgh, sghCardiology, rvg });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('physicians', () => {
    const physicians = (userId: string, role: string, query = OCTOBER) =>
      as(app, userId, [role]).get<PhysicianInsights>(`/insights/physicians?${query}`);

    it('gives the admins every specialist of their hospital with their answers', async () => {
      const response = await physicians(HOSPITAL_BUSINESS, 'hospital_business_administrator');
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const primary = response.body.items.find((item) => item.physician.id === NEURO_PRIMARY);
      // Offered 4 cases not cancelled: accepted 2 (4 minutes each), declined 1 (after 2 minutes), 1 unanswered.
      expect(primary).toMatchObject({
        offered: 4,
        accepted: 2,
        declined: 1,
        responseMedian: 240,
        withinAckShare: 1,
      });
      expect(response.body.items.map((item) => item.physician.id)).not.toContain(RVG_NEURO_1);
      expect(response.body.specialtyMedian).toBeNull();
    });

    it("shows a specialist only their own figures and their specialty's median, never another name", async () => {
      const response = await physicians(NEURO_PRIMARY, 'specialist');
      expect(response.status).toBe(200);
      expect(response.body.items.map((item) => item.physician.id)).toEqual([NEURO_PRIMARY]);
      const responses = sgh
        .filter((timeline) => timeline.cancelledAt === null)
        .flatMap((timeline) => timeline.offers.flatMap((offer) => responseSeconds(offer) ?? []));
      expect(response.body.specialtyMedian).toBe(percentile(responses, 0.5));
      expect(JSON.stringify(response.body)).not.toContain(NEURO_1);
      expect((await physicians(NEURO_PRIMARY, 'specialist', `${OCTOBER}&hospitalId=${RVG}`)).status).toBe(
        404,
      );
    });

    it('refuses the emergency room physician insights', async () => {
      const response = await physicians(DOCTOR, 'er_doctor');
      expect(response.status).toBe(403);
      expect(response.body).toHaveProperty('detail');
    });
  });

  describe('the specialist report', () => {
    it("gives a specialist their own figures and the consultations they wrote on the range's cases", async () => {
      const response = await as(app, NEURO_PRIMARY, ['specialist']).get<SpecialistReport>(
        `/insights/specialist-report?${OCTOBER}`,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.figures).toMatchObject({ offered: 4, accepted: 2, declined: 1 });
      expect(response.body.consultations.map((row) => row.caseId)).toEqual([
        'cas_ins_first_local_day',
        'cas_ins_last_local_day',
      ]);
      expect(response.body.consultations[0]).toMatchObject({ specialty: 'Neurology', disposition: 'admit' });
      expect(JSON.stringify(response.body)).not.toContain(NEURO_1);
    });

    it('is a specialist’s only', async () => {
      const response = await as(app, HOSPITAL_BUSINESS, ['hospital_business_administrator']).get(
        `/insights/specialist-report?${OCTOBER}`,
      );
      expect(response.status).toBe(403);
      expect(response.body).toHaveProperty('detail');
    });

    it('audits a print of the report before it happens, naming the cases it lists', async () => {
      const printed = await as(app, NEURO_PRIMARY, ['specialist']).post(
        `/insights/specialist-report/prints?${OCTOBER}`,
      );
      expect(printed.status, JSON.stringify(printed.body)).toBe(204);
      const refused = await as(app, HOSPITAL_BUSINESS, ['hospital_business_administrator']).post(
        `/insights/specialist-report/prints?${OCTOBER}`,
      );
      expect(refused.status).toBe(403);
      expect(refused.body).toHaveProperty('detail');
      const rows = await db.query<{ user_id: string; case_ids: string[] }>(
        "select user_id, case_ids from audit_events where action = 'insights.report_print' order by id",
      );
      expect(rows).toEqual([
        { user_id: NEURO_PRIMARY, case_ids: ['cas_ins_first_local_day', 'cas_ins_last_local_day'] },
      ]);
    });
  });
});
