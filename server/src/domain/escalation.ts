// When a waiting case must act: its acknowledgement time (per urgency, per hospital) escalates it along the
// routing chain, and every 2 minutes the specialists it is offered to are alerted again. Pure: the clock
// is the caller's.
import type { Urgency } from '../../../generated/types.gen.ts';

export const DEFAULT_ACK_MINUTES: Readonly<Record<Urgency, number>> = {
  emergent: 5,
  urgent: 15,
  routine: 60,
};
export const REALERT_INTERVAL_MS = 2 * 60_000;

export interface AckPolicy {
  /** Acknowledgement time per urgency, in seconds (a hospital's own settings, or the defaults). */
  readonly ackSeconds: Readonly<Record<Urgency, number>>;
  readonly realertSeconds: number;
}

/** Configuration that wins over every hospital's settings (shortened times in tests and demos). */
export interface AckOverrides {
  readonly ackSeconds?: Partial<Record<Urgency, number>>;
  readonly realertSeconds?: number;
}

export function withOverrides(policy: AckPolicy, overrides: AckOverrides): AckPolicy {
  return {
    ackSeconds: { ...policy.ackSeconds, ...overrides.ackSeconds },
    realertSeconds: overrides.realertSeconds ?? policy.realertSeconds,
  };
}

export const DEFAULT_ACK_POLICY: AckPolicy = {
  ackSeconds: {
    emergent: DEFAULT_ACK_MINUTES.emergent * 60,
    urgent: DEFAULT_ACK_MINUTES.urgent * 60,
    routine: DEFAULT_ACK_MINUTES.routine * 60,
  },
  realertSeconds: REALERT_INTERVAL_MS / 1000,
};

export interface Timers {
  /** Escalate unless accepted by then; null at the end of the chain. */
  readonly ackDueAt: Date | null;
  readonly realertDueAt: Date;
}

/** The timers of a case just offered at `now` on a step (final: the end of the chain, no escalation). */
export function timersAfterOffer(now: Date, urgency: Urgency, final: boolean, policy: AckPolicy): Timers {
  return {
    ackDueAt: final ? null : new Date(now.getTime() + policy.ackSeconds[urgency] * 1000),
    realertDueAt: new Date(now.getTime() + policy.realertSeconds * 1000),
  };
}

export type DueAction = 'escalate' | 'realert' | 'none';

/** What a waiting case must do at `now`: escalation wins over a re-alert due at the same time. */
export function dueAction(
  now: Date,
  timers: { ackDueAt: Date | null; realertDueAt: Date | null },
): DueAction {
  if (timers.ackDueAt !== null && timers.ackDueAt.getTime() <= now.getTime()) return 'escalate';
  if (timers.realertDueAt !== null && timers.realertDueAt.getTime() <= now.getTime()) return 'realert';
  return 'none';
}

/** The next re-alert after one at `now`. */
export function nextRealert(now: Date, policy: AckPolicy): Date {
  return new Date(now.getTime() + policy.realertSeconds * 1000);
}

/** A clock the server and the worker read; tests give a fake one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * When a specialist should have accepted a case opened at `openedAt`: the clinical target of its specialty
 * and urgency where the hospital set one (e.g. stroke within 15 minutes), else the urgency's acknowledgement
 * time.
 */
export function targetDueAt(
  openedAt: Date,
  urgency: Urgency,
  policy: AckPolicy,
  targetSeconds: number | undefined,
): Date {
  return new Date(openedAt.getTime() + (targetSeconds ?? policy.ackSeconds[urgency]) * 1000);
}
