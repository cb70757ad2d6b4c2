import { describe, expect, it } from 'vitest';
import type { CaseStatus } from '../../generated/types.gen.ts';
import { CASE_STATUSES, transition, type CaseAction } from '../../server/src/domain/case-state.ts';

// The whole table of legal moves, written out apart from the state machine's own: every (status, action)
// pair not listed here is illegal.
const LEGAL: Record<CaseAction, Partial<Record<CaseStatus, CaseStatus>>> = {
  escalate: { pending: 'escalated' },
  accept: { pending: 'accepted', escalated: 'accepted' },
  decline: { pending: 'pending', escalated: 'escalated' },
  respond: { accepted: 'responded' },
  close: { responded: 'closed' },
  cancel: { pending: 'cancelled', escalated: 'cancelled' },
  message: { pending: 'pending', escalated: 'escalated', accepted: 'accepted', responded: 'responded' },
  attach: { pending: 'pending', escalated: 'escalated', accepted: 'accepted', responded: 'responded' },
  answer: { pending: 'pending', escalated: 'escalated', accepted: 'accepted', responded: 'responded' },
};

const pairs = (Object.keys(LEGAL) as CaseAction[]).flatMap((action) =>
  CASE_STATUSES.map((status) => ({ action, status, to: LEGAL[action][status] })),
);

describe('the case state machine', () => {
  it.each(pairs.filter((pair) => pair.to !== undefined))(
    '$action from $status goes to $to',
    ({ action, status, to }) => {
      expect(transition(status, action)).toEqual({ ok: true, to });
    },
  );

  it.each(pairs.filter((pair) => pair.to === undefined))(
    '$action from $status is refused',
    ({ action, status }) => {
      const result = transition(status, action);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.detail).toMatch(new RegExp(`^Cannot .+ a case that is ${status}`));
    },
  );

  it('explains a second accept', () => {
    expect(transition('accepted', 'accept')).toEqual({
      ok: false,
      detail: 'Cannot accept a case that is accepted: it has been accepted already',
    });
  });
});
