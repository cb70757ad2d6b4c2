// What needs a person now: the worklists' order. Unaccepted emergent cases first, then the other unaccepted
// cases, both by their clinical target time (overdue first, as the earliest target is the most overdue);
// then every other case, newest first. Pure: the list's SQL orders by the same rank (case-list-repository.ts)
// and the cursor carries the last row's rank from here.
import type { CaseStatus, Urgency } from '../../../generated/types.gen.ts';

/** 0: unaccepted emergent; 1: unaccepted, any other urgency; 2: everything else. */
export type AttentionRank = 0 | 1 | 2;

/** The states in which nobody has accepted the case yet. */
export const UNACCEPTED_STATUSES = ['pending', 'escalated'] as const satisfies readonly CaseStatus[];

export function attentionRank(item: {
  readonly status: CaseStatus;
  readonly urgency: Urgency;
}): AttentionRank {
  if (!(UNACCEPTED_STATUSES as readonly CaseStatus[]).includes(item.status)) return 2;
  return item.urgency === 'emergent' ? 0 : 1;
}

/** Whether a rank is ordered by its target time (the unaccepted ranks) or newest first (the rest). */
export function rankHasTarget(rank: AttentionRank): boolean {
  return rank < 2;
}
