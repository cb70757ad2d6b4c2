import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACK_POLICY,
  dueAction,
  nextRealert,
  targetDueAt,
  timersAfterOffer,
  withOverrides,
  type Clock,
} from '../../server/src/domain/escalation.ts';

// A fake clock the tests move by hand.
function fakeClock(start: string): Clock & { advance(ms: number): void } {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

const MINUTE = 60_000;

describe('escalation and re-alert timing', () => {
  it.each([
    ['emergent', 5],
    ['urgent', 15],
    ['routine', 60],
  ] as const)('escalates a %s case after %i minutes by default', (urgency, minutes) => {
    const clock = fakeClock('2026-11-22T08:00:00Z');
    const timers = timersAfterOffer(clock.now(), urgency, false, DEFAULT_ACK_POLICY);
    expect(timers.ackDueAt?.toISOString()).toBe(
      new Date(Date.parse('2026-11-22T08:00:00Z') + minutes * MINUTE).toISOString(),
    );
    clock.advance(minutes * MINUTE - 1);
    expect(dueAction(clock.now(), { ...timers, realertDueAt: null })).toBe('none');
    clock.advance(1);
    expect(dueAction(clock.now(), { ...timers, realertDueAt: null })).toBe('escalate');
  });

  it('re-alerts every 2 minutes until the acknowledgement time, then escalates', () => {
    const clock = fakeClock('2026-11-22T08:00:00Z');
    let timers = timersAfterOffer(clock.now(), 'emergent', false, DEFAULT_ACK_POLICY);
    const actions: string[] = [];
    for (let minute = 1; minute <= 5; minute += 1) {
      clock.advance(MINUTE);
      const action = dueAction(clock.now(), timers);
      actions.push(`${minute}:${action}`);
      if (action === 'realert')
        timers = { ...timers, realertDueAt: nextRealert(clock.now(), DEFAULT_ACK_POLICY) };
    }
    expect(actions).toEqual(['1:none', '2:realert', '3:none', '4:realert', '5:escalate']);
  });

  it('never escalates at the end of the chain, but keeps re-alerting', () => {
    const clock = fakeClock('2026-11-22T08:00:00Z');
    const timers = timersAfterOffer(clock.now(), 'emergent', true, DEFAULT_ACK_POLICY);
    expect(timers.ackDueAt).toBeNull();
    clock.advance(120 * MINUTE);
    expect(dueAction(clock.now(), timers)).toBe('realert');
  });

  it('follows a hospital’s shorter acknowledgement times', () => {
    const policy = { ackSeconds: { emergent: 2, urgent: 3, routine: 4 }, realertSeconds: 1 };
    const clock = fakeClock('2026-11-22T08:00:00Z');
    const timers = timersAfterOffer(clock.now(), 'urgent', false, policy);
    clock.advance(1000);
    expect(dueAction(clock.now(), timers)).toBe('realert');
    clock.advance(2000);
    expect(dueAction(clock.now(), timers)).toBe('escalate');
  });

  it('does nothing once the timers are cleared by an accept', () => {
    expect(dueAction(new Date(), { ackDueAt: null, realertDueAt: null })).toBe('none');
  });

  it('lets configured times win over a hospital’s, one urgency at a time', () => {
    const hospital = { ackSeconds: { emergent: 300, urgent: 900, routine: 3600 }, realertSeconds: 120 };
    expect(withOverrides(hospital, { ackSeconds: { emergent: 20 }, realertSeconds: 5 })).toEqual({
      ackSeconds: { emergent: 20, urgent: 900, routine: 3600 },
      realertSeconds: 5,
    });
    expect(withOverrides(hospital, {})).toEqual(hospital);
  });
});

describe('the clinical target of a case', () => {
  const opened = new Date('2026-11-22T08:52:00Z');

  it('is the clinical target where the hospital set one', () => {
    expect(targetDueAt(opened, 'emergent', DEFAULT_ACK_POLICY, 15 * 60).toISOString()).toBe(
      '2026-11-22T09:07:00.000Z',
    );
  });

  it("is the urgency's acknowledgement time otherwise, as the policy in force has it", () => {
    expect(targetDueAt(opened, 'routine', DEFAULT_ACK_POLICY, undefined).toISOString()).toBe(
      '2026-11-22T09:52:00.000Z',
    );
    const shortened = withOverrides(DEFAULT_ACK_POLICY, { ackSeconds: { urgent: 30 } });
    expect(targetDueAt(opened, 'urgent', shortened, undefined).toISOString()).toBe(
      '2026-11-22T08:52:30.000Z',
    );
  });
});
