// Insights for a hospital: the figures equal those the domain's measures compute from the very cases the test
// wrote; each role sees its own scope and never another hospital's figures; the CSV carries the rows behind
// the JSON. The physicians' figures and the specialist's report are in insights-physicians.test.ts.
import type { FastifyInstance } from 'fastify';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HospitalInsights } from '../../generated/types.gen.ts';
import type { Database } from '../../server/src/db/database.ts';
import { measureCase, percentile, summarise, type CaseTimeline } from '../../server/src/domain/measures.ts';
import { allowedError } from '../../server/src/insights/rollup-sketch.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_PRIMARY,
  RVG_DOCTOR,
  SGH,
  seedCasesDatabase,
} from './support/cases-app.ts';
import { readCaseMeasuresPage, type CaseMeasuresRow } from '../../server/src/insights/insights-repository.ts';
import { forEachDatabase } from './support/databases.ts';
import { allowedAt, expectSketched } from './support/sketched-figures.ts';
import {
  HOSPITAL_BUSINESS,
  NEUROLOGY,
  OCTOBER,
  RVG,
  SYSTEM_ADMIN,
  SYSTEM_BUSINESS,
  writeOctoberCases,
} from './support/insight-october.ts';

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

  const hospitals = async (userId: string, role: string, query = OCTOBER) => {
    const response = await as(app, userId, [role]).get<HospitalInsights>(`/insights/hospitals?${query}`);
    return response;
  };
  // The figures of these cases: counts exact, medians and 90th percentiles within the sketch's error.
  const expectFiguresOf = (
    actual: HospitalInsights['totals'] | undefined,
    timelines: readonly CaseTimeline[],
  ) => {
    expect(actual).toBeDefined();
    if (actual) expectSketched(actual, timelines.map(measureCase));
  };

  it("gives a hospital's figures as the measures of its cases in the range, in its own days", async () => {
    const response = await hospitals(HOSPITAL_BUSINESS, 'hospital_business_administrator');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { totals } = response.body;
    expectFiguresOf(totals, [...sgh, ...sghCardiology]);
    // Written out, so that a definition changed on both sides at once still fails here.
    expect(totals.volume).toBe(7);
    expect(totals.cancelled).toBe(1);
    expect(totals.escalated).toBe(2);
    expect(totals.declines).toBe(1);
    expect(totals.noCoverage).toBe(1);
    // Accepts after 4, 17, 10, 30, 4 and 12 minutes (the cardiology case).
    const median = totals.intervals.requestToAccept.median ?? -1;
    expect(Math.abs(median - ((10 + 12) / 2) * 60)).toBeLessThanOrEqual(allowedError(10 * 60, 12 * 60));
    // Approximate, and the answer says how much.
    expect(response.body.percentileError).toEqual({ seconds: 2.5, share: 0.01 });
    expect(totals.withinAckShare).toBeCloseTo(3 / 6);
    expect(response.body.range).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(response.body.previousRange).toEqual({ from: '2026-08-31', to: '2026-09-30' });
  });

  it('names the clinical target the cases share, for the target line; none when no case has one', async () => {
    const neurology = await hospitals(
      HOSPITAL_BUSINESS,
      'hospital_business_administrator',
      `${OCTOBER}&specialtyId=${NEUROLOGY}&urgency=emergent`,
    );
    expect(neurology.status).toBe(200);
    expect(neurology.body.targetMinutes).toBe(15);
    const empty = await hospitals(
      HOSPITAL_BUSINESS,
      'hospital_business_administrator',
      'from=2026-06-01&to=2026-06-30',
    );
    expect(empty.body.targetMinutes).toBeNull();
  });

  it('breaks the figures down by specialty, urgency, day and hour of the week', async () => {
    const { body } = await hospitals(HOSPITAL_BUSINESS, 'hospital_business_administrator');
    expect(body.bySpecialty.map((group) => group.name)).toEqual(['Cardiology', 'Neurology']);
    expectFiguresOf(body.bySpecialty[0]?.figures, sghCardiology);
    expectFiguresOf(body.bySpecialty[1]?.figures, sgh);
    expect(body.byUrgency.map((group) => group.id)).toEqual(['emergent', 'urgent']);
    expect(body.byHospital.map((group) => group.id)).toEqual([SGH]);
    expect(body.trend[0]?.start).toBe('2026-10-01');
    expectFiguresOf(body.trend[0]?.figures, sgh.slice(0, 1));
    expect(body.trend.at(-1)?.start).toBe('2026-10-31');
    expect(body.trend.reduce((sum, point) => sum + point.figures.volume, 0)).toBe(7);
    // 1 October 00:30 BST was a Thursday.
    expect(body.byHourOfWeek).toContainEqual({ weekday: 4, hour: 0, volume: 1 });
    // The previous range holds the last hour of September.
    expect(body.previousTotals.volume).toBe(1);
  });

  it('filters by specialty and urgency, and groups the trend by ISO week', async () => {
    const neurology = await hospitals(
      HOSPITAL_BUSINESS,
      'hospital_business_administrator',
      `${OCTOBER}&specialtyId=${NEUROLOGY}&urgency=emergent&bucket=week`,
    );
    expectFiguresOf(neurology.body.totals, sgh);
    expect(neurology.body.trend[0]?.start).toBe('2026-09-28');
  });

  it('shows a system role every hospital of its system, or the one it asks for', async () => {
    for (const [userId, role] of [
      [SYSTEM_ADMIN, 'hospital_system'],
      [SYSTEM_BUSINESS, 'hospital_system_business_administrator'],
    ] as const) {
      const all = await hospitals(userId, role);
      expectFiguresOf(all.body.totals, [...sgh, ...sghCardiology, ...rvg]);
      expect(all.body.byHospital.map((group) => group.id)).toEqual([RVG, SGH]);
      expect(all.body.hospitals.map((hospital) => hospital.id)).toEqual([RVG, SGH]);
      const riverside = await hospitals(userId, role, `${OCTOBER}&hospitalId=${RVG}`);
      expectFiguresOf(riverside.body.totals, rvg);
    }
  });

  it("never includes or reaches another hospital's figures for a hospital role", async () => {
    for (const [userId, role] of [
      [HOSPITAL_BUSINESS, 'hospital_business_administrator'],
      ['usr_demo_hospital', 'hospital'],
      ['usr_demo_emergency_room_admin', 'emergency_room_admin'],
      [DOCTOR, 'er_doctor'],
    ] as const) {
      const own = await hospitals(userId, role);
      expect(own.body.byHospital.map((group) => group.id)).toEqual([SGH]);
      expect(own.body.hospitals).toEqual([{ id: SGH, name: "St George's Hospital" }]);
      const other = await hospitals(userId, role, `${OCTOBER}&hospitalId=${RVG}`);
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ detail: 'Hospital not found' });
    }
    const riverside = await hospitals(RVG_DOCTOR, 'er_doctor');
    expectFiguresOf(riverside.body.totals, rvg);
  });

  it('refuses a specialist hospital insights, an unknown hospital and a bad range', async () => {
    expect((await hospitals(NEURO_PRIMARY, 'specialist')).status).toBe(403);
    expect(
      (await hospitals(SYSTEM_ADMIN, 'hospital_system', `${OCTOBER}&hospitalId=hosp_nowhere`)).status,
    ).toBe(404);
    const backwards = await hospitals(SYSTEM_ADMIN, 'hospital_system', 'from=2026-10-31&to=2026-10-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body).toHaveProperty('detail');
    expect((await hospitals(SYSTEM_ADMIN, 'hospital_system', 'from=2024-01-01&to=2026-10-01')).status).toBe(
      400,
    );
    expect((await hospitals(SYSTEM_ADMIN, 'hospital_system', 'from=yesterday&to=2026-10-01')).status).toBe(
      400,
    );
  });

  it('says there are no figures, not zeros, for an empty range', async () => {
    const { body } = await hospitals(
      HOSPITAL_BUSINESS,
      'hospital_business_administrator',
      'from=2025-01-01&to=2025-01-31',
    );
    expect(body.totals).toEqual(summarise([]));
    expect(body.trend).toEqual([]);
  });

  describe('the CSV', () => {
    const csv = (userId: string, role: string, query = OCTOBER) =>
      as(app, userId, [role]).get<string>(`/insights/cases?${query}`);

    it('reads the range page by page across hospitals: every case once, in (created_at, id) order', async () => {
      const filter = {
        from: '2026-10-01',
        to: '2026-10-31',
        hospitalSystemId: 'hs_demo',
        hospitalIds: null,
        specialtyId: null,
        urgency: null,
      };
      const whole = await readCaseMeasuresPage(db, filter, null, 1000);
      expect(new Set(whole.map((row) => row.hospital_id))).toEqual(new Set([SGH, RVG]));
      const paged: string[] = [];
      let after: { createdAt: string; id: string } | null = null;
      for (;;) {
        const page: CaseMeasuresRow[] = await readCaseMeasuresPage(db, filter, after, 2);
        paged.push(...page.map((row) => row.id));
        const last = page.at(-1);
        if (page.length < 2 || last === undefined) break;
        after = { createdAt: last.cursor_at, id: last.id };
      }
      expect(paged).toEqual(whole.map((row) => row.id));
      expect(whole.length).toBeGreaterThan(4);
    });

    it('carries one row per case behind the figures, and its medians are the JSON figures', async () => {
      const response = await csv(HOSPITAL_BUSINESS, 'hospital_business_administrator');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      // The file's name carries the filters: the caller's hospital, every specialty and urgency, the range.
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="case-measures_hosp_sgh_all-specialties_all-urgencies_2026-10-01_to_2026-10-31.csv"',
      );
      // UTF-8 with a byte-order mark, and CRLF line ends only (RFC 4180).
      expect([...response.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      expect(response.body.endsWith('\r\n')).toBe(true);
      const parsed = Papa.parse<Record<string, string | undefined>>(response.body.replace(/^\uFEFF/, ''), {
        delimiter: ',',
        header: true,
        skipEmptyLines: true,
      });
      expect(parsed.errors).toEqual([]);
      const rows = parsed.data;
      // Times as ISO 8601 with their offset; measures as plain numbers.
      for (const row of rows) {
        expect(row['opened_at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
        expect(row['request_to_accept_s'] ?? '').toMatch(/^(\d+(\.\d+)?)?$/);
      }
      const json = (await hospitals(HOSPITAL_BUSINESS, 'hospital_business_administrator')).body.totals;
      expect(rows).toHaveLength(json.volume);
      const live = rows.filter((row) => row['cancelled'] === 'false');
      const accepts = live.flatMap((row) =>
        row['request_to_accept_s'] ? [Number(row['request_to_accept_s'])] : [],
      );
      // The JSON's medians come from the rollups' histograms: within their stated error of the rows'.
      const near = (p: number, figure: number | null) => {
        expect(Math.abs((percentile(accepts, p) ?? 0) - (figure ?? -1))).toBeLessThanOrEqual(
          allowedAt(accepts, p),
        );
      };
      near(0.5, json.intervals.requestToAccept.median);
      near(0.9, json.intervals.requestToAccept.p90);
      expect(live.filter((row) => row['within_target'] === 'true').length / live.length).toBeCloseTo(
        json.withinTargetShare ?? -1,
      );
      expect(rows.map((row) => row['case_id'])).not.toContain('cas_ins_rvg');
      // Ids and measures only: nothing of the patient.
      expect(response.body).not.toContain('Insights test case');
    });

    it('is audited, and keeps to the same scope', async () => {
      await csv(SYSTEM_ADMIN, 'hospital_system');
      const audited = await db.query(`select user_id from audit_events where action = 'insights.export'`);
      expect(audited.map((row) => row['user_id'])).toContain(SYSTEM_ADMIN);
      expect(
        (await csv(HOSPITAL_BUSINESS, 'hospital_business_administrator', `${OCTOBER}&hospitalId=${RVG}`))
          .status,
      ).toBe(404);
      expect((await csv(NEURO_PRIMARY, 'specialist')).status).toBe(403);
    });
  });
});
