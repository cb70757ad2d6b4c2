import { describe, expect, it } from 'vitest';
import { measureCase, percentile, summarise, type CaseTimeline } from '../../server/src/domain/measures.ts';

// Hand-made timelines: minutes after 10:00 UTC on 2026-03-10, written out so each figure can be checked by eye.
const at = (minutes: number, day = '2026-03-10T10:00:00Z') =>
  new Date(Date.parse(day) + minutes * 60_000).toISOString();

function timeline(overrides: Partial<CaseTimeline> = {}): CaseTimeline {
  return {
    doorTime: at(-20),
    openedAt: at(0),
    offers: [{ offeredAt: at(0), acceptedAt: at(4), declinedAt: null, declineReason: null }],
    acceptedAt: at(4),
    consultedAt: at(34),
    cancelledAt: null,
    escalated: false,
    noCoverage: false,
    ackSeconds: 300,
    targetDueAt: at(15),
    ...overrides,
  };
}

describe('the measures of one case', () => {
  it('measures every interval of a case answered in time', () => {
    expect(measureCase(timeline())).toEqual({
      cancelled: false,
      doorToRequestSeconds: 1200,
      requestToFirstOfferSeconds: 0,
      requestToAcceptSeconds: 240,
      acceptToConsultationSeconds: 1800,
      requestToConsultationSeconds: 2040,
      escalated: false,
      declines: 0,
      declineReasons: [],
      noCoverage: false,
      withinAck: true,
      withinTarget: true,
    });
  });

  it('keeps a cancelled case apart: no interval, not within time', () => {
    const measures = measureCase(
      timeline({ acceptedAt: null, consultedAt: null, cancelledAt: at(3), offers: [] }),
    );
    expect(measures.cancelled).toBe(true);
    expect(measures.requestToAcceptSeconds).toBeNull();
    expect(measures.doorToRequestSeconds).toBeNull();
    expect(measures.withinAck).toBe(false);
  });

  it('an escalated case accepted by the backup after the acknowledgement time: late, within target', () => {
    const measures = measureCase(
      timeline({
        offers: [
          { offeredAt: at(0), acceptedAt: null, declinedAt: null, declineReason: null },
          { offeredAt: at(5), acceptedAt: at(9), declinedAt: null, declineReason: null },
        ],
        acceptedAt: at(9),
        consultedAt: null,
        escalated: true,
      }),
    );
    expect(measures).toMatchObject({
      escalated: true,
      requestToFirstOfferSeconds: 0,
      requestToAcceptSeconds: 540,
      acceptToConsultationSeconds: null,
      requestToConsultationSeconds: null,
      withinAck: false,
      withinTarget: true,
    });
  });

  it('declined then accepted: the decline and its reason count, the accept is the later one', () => {
    const measures = measureCase(
      timeline({
        offers: [
          { offeredAt: at(1), acceptedAt: null, declinedAt: at(2), declineReason: 'In theatre' },
          { offeredAt: at(2), acceptedAt: at(20), declinedAt: null, declineReason: null },
        ],
        acceptedAt: at(20),
        escalated: true,
      }),
    );
    expect(measures).toMatchObject({
      declines: 1,
      declineReasons: ['In theatre'],
      requestToFirstOfferSeconds: 60,
      requestToAcceptSeconds: 1200,
      withinAck: false,
      withinTarget: false,
    });
  });

  it('measures elapsed time across midnight and a daylight-saving change, not the wall clock', () => {
    // London springs forward at 01:00 UTC on 29 March 2026: 00:50 → 02:10 local is 20 minutes.
    const opened = '2026-03-29T00:50:00Z';
    const measures = measureCase(
      timeline({
        doorTime: '2026-03-28T23:40:00Z',
        openedAt: opened,
        offers: [
          { offeredAt: opened, acceptedAt: '2026-03-29T01:10:00Z', declinedAt: null, declineReason: null },
        ],
        acceptedAt: '2026-03-29T01:10:00Z',
        consultedAt: '2026-03-29T01:40:00Z',
        targetDueAt: '2026-03-29T01:05:00Z',
      }),
    );
    expect(measures.doorToRequestSeconds).toBe(70 * 60);
    expect(measures.requestToAcceptSeconds).toBe(20 * 60);
    expect(measures.requestToConsultationSeconds).toBe(50 * 60);
    expect(measures.withinTarget).toBe(false);
  });

  it('a case still waiting is not within time; a no-coverage case says so', () => {
    const measures = measureCase(
      timeline({ acceptedAt: null, consultedAt: null, noCoverage: true, offers: [] }),
    );
    expect(measures).toMatchObject({
      noCoverage: true,
      requestToAcceptSeconds: null,
      requestToFirstOfferSeconds: null,
      withinAck: false,
      withinTarget: false,
    });
  });
});

describe('percentiles (as PostgreSQL percentile_cont)', () => {
  it('interpolates between the closest ranks', () => {
    expect(percentile([60, 120, 180], 0.5)).toBe(120);
    expect(percentile([60, 120, 180, 240], 0.5)).toBe(150);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.9)).toBeCloseTo(91);
    expect(percentile([300], 0.9)).toBe(300);
    expect(percentile([], 0.5)).toBeNull();
  });
});

describe('the figures of several cases', () => {
  it('counts cancelled cases apart and shares over the cases not cancelled', () => {
    const figures = summarise([
      measureCase(timeline()),
      measureCase(timeline({ acceptedAt: at(10), escalated: true })),
      measureCase(timeline({ acceptedAt: null, consultedAt: null, cancelledAt: at(2), escalated: true })),
      measureCase(timeline({ acceptedAt: null, consultedAt: null, noCoverage: true })),
    ]);
    expect(figures.volume).toBe(4);
    expect(figures.cancelled).toBe(1);
    expect(figures.escalated).toBe(1);
    expect(figures.noCoverage).toBe(1);
    expect(figures.intervals.requestToAccept).toEqual({ median: 420, p90: 564 });
    expect(figures.withinAckShare).toBeCloseTo(1 / 3);
    expect(figures.withinTargetShare).toBeCloseTo(2 / 3);
  });

  it('has no figures, not zeros, for no cases', () => {
    const figures = summarise([]);
    expect(figures.volume).toBe(0);
    expect(figures.intervals.requestToAccept).toEqual({ median: null, p90: null });
    expect(figures.withinAckShare).toBeNull();
  });
});
