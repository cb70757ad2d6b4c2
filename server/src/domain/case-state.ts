// The case state machine: pending (escalated while nobody accepts) -> accepted -> responded -> closed, or
// cancelled while it waits. Pure: callers pass the current status and get the next one, or a refusal with the
// detail a 409 carries.
import type { CaseStatus } from '../../../generated/types.gen.ts';

export const CASE_STATUSES = [
  'pending',
  'escalated',
  'accepted',
  'responded',
  'closed',
  'cancelled',
] as const satisfies readonly CaseStatus[];

export type CaseAction =
  'escalate' | 'accept' | 'decline' | 'respond' | 'close' | 'cancel' | 'message' | 'attach' | 'answer';

// Decline, message, attach and answer are events, not moves: they keep the status but are still only legal in some.
const MOVES: Record<CaseAction, { readonly from: readonly CaseStatus[]; readonly to: CaseStatus | null }> = {
  escalate: { from: ['pending'], to: 'escalated' },
  accept: { from: ['pending', 'escalated'], to: 'accepted' },
  decline: { from: ['pending', 'escalated'], to: null },
  respond: { from: ['accepted'], to: 'responded' },
  close: { from: ['responded'], to: 'closed' },
  cancel: { from: ['pending', 'escalated'], to: 'cancelled' },
  message: { from: ['pending', 'escalated', 'accepted', 'responded'], to: null },
  attach: { from: ['pending', 'escalated', 'accepted', 'responded'], to: null },
  answer: { from: ['pending', 'escalated', 'accepted', 'responded'], to: null },
};

const VERBS: Record<CaseAction, string> = {
  escalate: 'escalate',
  accept: 'accept',
  decline: 'decline',
  respond: 'submit a consultation for',
  close: 'close',
  cancel: 'cancel',
  message: 'post a message to',
  attach: 'attach a file to',
  answer: 'add vital signs or answers to',
};

const WHY: Partial<Record<CaseStatus, string>> = {
  accepted: 'it has been accepted already',
  responded: 'the specialist has answered it already',
  closed: 'it is closed',
  cancelled: 'it was cancelled',
  pending: 'no specialist has accepted it yet',
  escalated: 'no specialist has accepted it yet',
};

export type Transition =
  { readonly ok: true; readonly to: CaseStatus } | { readonly ok: false; readonly detail: string };

export function transition(from: CaseStatus, action: CaseAction): Transition {
  const move = MOVES[action];
  if (!move.from.includes(from)) {
    const why = WHY[from];
    return {
      ok: false,
      detail: `Cannot ${VERBS[action]} a case that is ${from}${why === undefined ? '' : `: ${why}`}`,
    };
  }
  return { ok: true, to: move.to ?? from };
}
