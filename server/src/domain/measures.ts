// The measures of a case, from its timeline: one definition for every screen, the CSV and the report. The
// insights repository computes the same columns in SQL (insights/insights-repository.ts, `case_measures`);
// tests/unit/domain-measures.test.ts holds both to these rules. Pure: no clock, no I/O.
//
//   door → request          arrival at the door to the case opened
//   request → first offer   case opened to the first specialist offered it
//   request → accept        case opened to a specialist's accept
//   accept → consultation   the accept to the written consultation
//   request → consultation  case opened to the written consultation
//   within acknowledgement  accepted within the urgency's acknowledgement time of its hospital
//   within target           accepted by the clinical target the case was opened under
//
// Intervals are measured between instants (UTC), so a case across midnight or a daylight-saving change
// measures what elapsed, not what the wall clock shows. Cancelled cases count apart: they are in the volume
// and the cancelled count, and nothing else (no interval, share, escalation, decline or no-coverage). A case not (yet) accepted is not within time: the shares' denominator is
// every case not cancelled.

export interface OfferTimeline {
  readonly offeredAt: string;
  readonly acceptedAt: string | null;
  readonly declinedAt: string | null;
  readonly declineReason: string | null;
}

export interface CaseTimeline {
  readonly doorTime: string;
  readonly openedAt: string;
  readonly offers: readonly OfferTimeline[];
  readonly acceptedAt: string | null;
  readonly consultedAt: string | null;
  readonly cancelledAt: string | null;
  /** An escalation event on the timeline (the acknowledgement time ran out, or every offer was declined). */
  readonly escalated: boolean;
  readonly noCoverage: boolean;
  /** The urgency's acknowledgement time at its hospital, in seconds. */
  readonly ackSeconds: number;
  /** The clinical target the case was opened under. */
  readonly targetDueAt: string;
}

export interface CaseMeasures {
  readonly cancelled: boolean;
  readonly doorToRequestSeconds: number | null;
  readonly requestToFirstOfferSeconds: number | null;
  readonly requestToAcceptSeconds: number | null;
  readonly acceptToConsultationSeconds: number | null;
  readonly requestToConsultationSeconds: number | null;
  readonly escalated: boolean;
  readonly declines: number;
  readonly declineReasons: readonly string[];
  readonly noCoverage: boolean;
  readonly withinAck: boolean;
  readonly withinTarget: boolean;
}

export const INTERVALS = [
  'doorToRequest',
  'requestToFirstOffer',
  'requestToAccept',
  'acceptToConsultation',
  'requestToConsultation',
] as const;
export type Interval = (typeof INTERVALS)[number];

/** Seconds from `from` to `to` (instants), or null when either is missing. Never negative. */
export function secondsBetween(from: string | null, to: string | null): number | null {
  if (from === null || to === null) return null;
  return Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
}

function earliest(instants: readonly string[]): string | null {
  let first: string | null = null;
  for (const at of instants) if (first === null || Date.parse(at) < Date.parse(first)) first = at;
  return first;
}

export function measureCase(timeline: CaseTimeline): CaseMeasures {
  const cancelled = timeline.cancelledAt !== null;
  const declined = timeline.offers.filter((offer) => offer.declinedAt !== null);
  const base = {
    cancelled,
    escalated: timeline.escalated,
    declines: declined.length,
    declineReasons: declined.flatMap((offer) => (offer.declineReason ? [offer.declineReason] : [])),
    noCoverage: timeline.noCoverage,
  };
  if (cancelled) {
    return {
      ...base,
      doorToRequestSeconds: null,
      requestToFirstOfferSeconds: null,
      requestToAcceptSeconds: null,
      acceptToConsultationSeconds: null,
      requestToConsultationSeconds: null,
      withinAck: false,
      withinTarget: false,
    };
  }
  const { openedAt, acceptedAt, consultedAt } = timeline;
  const toAccept = secondsBetween(openedAt, acceptedAt);
  return {
    ...base,
    doorToRequestSeconds: secondsBetween(timeline.doorTime, openedAt),
    requestToFirstOfferSeconds: secondsBetween(openedAt, earliest(timeline.offers.map((o) => o.offeredAt))),
    requestToAcceptSeconds: toAccept,
    acceptToConsultationSeconds: secondsBetween(acceptedAt, consultedAt),
    requestToConsultationSeconds: secondsBetween(openedAt, consultedAt),
    withinAck: toAccept !== null && toAccept <= timeline.ackSeconds,
    withinTarget: acceptedAt !== null && Date.parse(acceptedAt) <= Date.parse(timeline.targetDueAt),
  };
}

/**
 * The p-th percentile (0..1) with linear interpolation between the closest ranks: PostgreSQL's
 * `percentile_cont`, so that figures computed here and in SQL agree. Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] ?? 0;
  const highValue = sorted[high] ?? lowValue;
  return lowValue + (highValue - lowValue) * (rank - low);
}

export interface IntervalFigures {
  readonly median: number | null;
  readonly p90: number | null;
}

export interface Figures {
  /** Cases opened, cancelled ones included. */
  readonly volume: number;
  readonly cancelled: number;
  readonly intervals: Readonly<Record<Interval, IntervalFigures>>;
  /** Share (0..1) of the cases not cancelled accepted within the acknowledgement time; null for none. */
  readonly withinAckShare: number | null;
  readonly withinTargetShare: number | null;
  readonly escalated: number;
  readonly declines: number;
  readonly noCoverage: number;
}

const SECONDS_KEY = {
  doorToRequest: 'doorToRequestSeconds',
  requestToFirstOffer: 'requestToFirstOfferSeconds',
  requestToAccept: 'requestToAcceptSeconds',
  acceptToConsultation: 'acceptToConsultationSeconds',
  requestToConsultation: 'requestToConsultationSeconds',
} as const satisfies Record<Interval, keyof CaseMeasures>;

/** The figures of a set of cases: what the insights repository aggregates in SQL. */
export function summarise(cases: readonly CaseMeasures[]): Figures {
  const live = cases.filter((measures) => !measures.cancelled);
  const intervals = Object.fromEntries(
    INTERVALS.map((interval) => {
      const values = live.flatMap((measures) => {
        const value = measures[SECONDS_KEY[interval]];
        return value === null ? [] : [value];
      });
      return [interval, { median: percentile(values, 0.5), p90: percentile(values, 0.9) }];
    }),
  ) as Record<Interval, IntervalFigures>;
  const share = (count: number) => (live.length === 0 ? null : count / live.length);
  return {
    volume: cases.length,
    cancelled: cases.length - live.length,
    intervals,
    withinAckShare: share(live.filter((measures) => measures.withinAck).length),
    withinTargetShare: share(live.filter((measures) => measures.withinTarget).length),
    escalated: live.filter((measures) => measures.escalated).length,
    declines: live.reduce((sum, measures) => sum + measures.declines, 0),
    noCoverage: live.filter((measures) => measures.noCoverage).length,
  };
}

/** A specialist's response to an offer: from the offer to its accept or decline; null while unanswered. */
export function responseSeconds(offer: OfferTimeline): number | null {
  return secondsBetween(offer.offeredAt, offer.acceptedAt ?? offer.declinedAt);
}

/** The days from `from` to `to` (YYYY-MM-DD, both inclusive), and the range of as many days just before. */
export function previousRange(from: string, to: string): { from: string; to: string; days: number } {
  const DAY = 86_400_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY) + 1;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(start - days * DAY), to: iso(start - DAY), days };
}
