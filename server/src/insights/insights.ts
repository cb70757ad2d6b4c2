// The insights operations: the caller's scope (insights-access.ts), the range, and the figures
// (insights-repository.ts). The measures are domain/measures.ts's; every screen, the CSV and the specialist
// report read them from here.
import { Readable } from 'node:stream';
import type {
  ExportInsightCasesData,
  GetHospitalInsightsData,
  HospitalInsights,
  PhysicianInsights,
  SpecialistReport,
} from '../../../generated/types.gen.ts';
import { recordAuditAction, recordAuditOfCases } from '../audit/audit-repository.ts';
import type { Actor, Caller } from '../auth/caller.ts';
import type { Database } from '../db/database.ts';
import { CSV_BOM, csvFileName, csvLine } from '../domain/csv.ts';
import { previousRange } from '../domain/measures.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import {
  hospitalInsightsScope,
  insightsDetails,
  physicianInsightsScope,
  type InsightsScope,
} from './insights-access.ts';
import {
  hospitalInSystem,
  readConsultationsBy,
  readCaseMeasuresPage,
  readHospitals,
  readPhysicians,
  readSpecialtyMedian,
  type CaseMeasuresRow,
  type InsightsFilter,
  type PhysicianRow,
} from './insights-repository.ts';
import { readRolledUpBreakdowns, readRolledUpTotals } from './rollup-figures.ts';
import { SKETCH_ERROR } from './rollup-sketch.ts';

type InsightsQuery = ExportInsightCasesData['query'];

const MAX_RANGE_DAYS = 366;

/** The filter of a request within the caller's scope; 400 for a bad range, 404 for a hospital out of it. */
async function filterFor(db: Database, scope: InsightsScope, query: InsightsQuery): Promise<InsightsFilter> {
  if (scope.kind === 'none') throw forbidden(scope.detail);
  const { days } = previousRange(query.from, query.to);
  if (days < 1) throw badRequest('The range ends before it starts: choose a "to" day on or after "from"');
  if (days > MAX_RANGE_DAYS)
    throw badRequest(`A range is at most ${MAX_RANGE_DAYS} days: choose a shorter one`);
  const wanted = query.hospitalId ?? null;
  let hospitalIds: readonly string[] | null;
  if (scope.kind === 'system') {
    if (wanted !== null && !(await hospitalInSystem(db, wanted, scope.hospitalSystemId))) {
      throw notFound(insightsDetails.hospitalNotFound);
    }
    hospitalIds = wanted === null ? null : [wanted];
  } else {
    // Another hospital's figures are never reachable: the same answer as an unknown hospital.
    if (wanted !== null && wanted !== scope.hospitalId) throw notFound(insightsDetails.hospitalNotFound);
    hospitalIds = [scope.hospitalId];
  }
  return {
    from: query.from,
    to: query.to,
    hospitalSystemId: scope.hospitalSystemId,
    hospitalIds,
    specialtyId: query.specialtyId ?? null,
    urgency: query.urgency ?? null,
  };
}

export async function hospitalInsights(
  db: Database,
  caller: Caller,
  query: GetHospitalInsightsData['query'],
): Promise<HospitalInsights> {
  const scope = hospitalInsightsScope(caller);
  const filter = await filterFor(db, scope, query);
  const previous = previousRange(filter.from, filter.to);
  // From the rollups: counts exact, medians and 90th percentiles within SKETCH_ERROR.
  const { targetMinutes, ...breakdowns } = await readRolledUpBreakdowns(db, filter, query.bucket ?? 'day');
  const previousTotals = await readRolledUpTotals(db, { ...filter, from: previous.from, to: previous.to });
  const hospitals = await readHospitals(
    db,
    filter.hospitalSystemId,
    scope.kind === 'system' ? null : filter.hospitalIds,
  );
  return {
    hospitals,
    range: { from: filter.from, to: filter.to },
    previousRange: { from: previous.from, to: previous.to },
    ...breakdowns,
    previousTotals,
    targetMinutes,
    percentileError: { ...SKETCH_ERROR },
  };
}

export async function physicianInsights(
  db: Database,
  caller: Caller,
  query: InsightsQuery,
): Promise<PhysicianInsights> {
  const scope = physicianInsightsScope(caller);
  const filter = await filterFor(db, scope, query);
  const self = scope.kind === 'self';
  const rows = await readPhysicians(db, filter, self ? caller.id : null);
  return {
    range: { from: filter.from, to: filter.to },
    items: rows.map(toPhysicianFigures),
    specialtyMedian: self ? await readSpecialtyMedian(db, filter, caller.specialtyTypes) : null,
  };
}

function toPhysicianFigures({ id, displayName, ...figures }: PhysicianRow) {
  return { physician: { id, displayName }, ...figures };
}

/** The specialist report: the caller's own figures and consultations (a specialist only). */
export async function specialistReport(
  db: Database,
  caller: Caller,
  query: { from: string; to: string },
): Promise<SpecialistReport> {
  const scope = physicianInsightsScope(caller);
  if (scope.kind !== 'self') throw forbidden(insightsDetails.reportForbidden);
  const filter = await filterFor(db, scope, query);
  const [figures] = await readPhysicians(db, filter, caller.id);
  return {
    range: { from: filter.from, to: filter.to },
    physician: { id: caller.id, displayName: caller.displayName },
    figures: figures ? toPhysicianFigures(figures) : null,
    specialtyMedian: await readSpecialtyMedian(db, filter, caller.specialtyTypes),
    consultations: (await readConsultationsBy(db, filter, caller.id)).map((row) => ({
      ...row,
      disposition: row.disposition as SpecialistReport['consultations'][number]['disposition'],
    })),
  };
}

/**
 * Audits a print of the specialist report before it happens: who, when, from where, and the cases whose
 * consultations it lists (each case's audit trail shows the print).
 */
export async function recordSpecialistReportPrint(
  db: Database,
  actor: Actor,
  query: { from: string; to: string },
): Promise<void> {
  const scope = physicianInsightsScope(actor.caller);
  if (scope.kind !== 'self') throw forbidden(insightsDetails.reportForbidden);
  const filter = await filterFor(db, scope, query);
  const consultations = await readConsultationsBy(db, filter, actor.caller.id);
  await recordAuditOfCases(db, {
    userId: actor.caller.id,
    action: 'insights.report_print',
    caseIds: consultations.map((row) => row.caseId),
    address: actor.address,
    at: new Date(),
  });
}

export const CSV_COLUMNS = [
  'case_id',
  'display_number',
  'hospital_id',
  'specialty_id',
  'urgency',
  'opened_at',
  'local_date',
  'cancelled',
  'door_to_request_s',
  'request_to_first_offer_s',
  'request_to_accept_s',
  'accept_to_consultation_s',
  'request_to_consultation_s',
  'escalated',
  'declines',
  'no_coverage',
  'within_ack',
  'within_target',
] as const;

/** One case, one line: ids, the time it opened as ISO 8601 with its offset, and the measures as numbers. */
function caseLine(row: CaseMeasuresRow): string {
  return csvLine([
    row.id,
    row.display_number,
    row.hospital_id,
    row.specialty_id,
    row.urgency,
    new Date(row.created_at).toISOString(),
    row.local_date,
    row.cancelled,
    row.door_to_request,
    row.request_to_first_offer,
    row.request_to_accept,
    row.accept_to_consultation,
    row.request_to_consultation,
    row.escalated,
    row.declines,
    row.no_coverage,
    row.within_ack,
    row.within_target,
  ]);
}

const PAGE = 2000;

/**
 * The measures of every case of the range as CSV, read page by page (keyset) while the client takes them,
 * so that a year of cases never sits in memory at once. Ids and measures only: no patient data. Audited.
 */
export async function exportCaseMeasures(
  db: Database,
  actor: Actor,
  query: InsightsQuery,
): Promise<{ fileName: string; body: Readable }> {
  const filter = await filterFor(db, hospitalInsightsScope(actor.caller), query);
  await recordAuditAction(db, {
    userId: actor.caller.id,
    action: 'insights.export',
    caseId: null,
    address: actor.address,
    at: new Date(),
  });
  async function* lines() {
    yield CSV_BOM + csvLine(CSV_COLUMNS);
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const rows = await readCaseMeasuresPage(db, filter, after, PAGE);
      if (rows.length > 0) yield rows.map(caseLine).join('');
      const last = rows.at(-1);
      if (rows.length < PAGE || last === undefined) return;
      after = { createdAt: last.cursor_at, id: last.id };
    }
  }
  const fileName = csvFileName('case-measures', {
    hospitalId: filter.hospitalIds?.length === 1 ? (filter.hospitalIds[0] ?? '') : '',
    specialtyId: filter.specialtyId ?? '',
    urgency: filter.urgency ?? '',
    from: filter.from,
    to: filter.to,
  });
  return { fileName, body: Readable.from(lines()) };
}
