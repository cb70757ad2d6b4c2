// Re-paging a waiting case: the emergency room, watching a case run late on its board, alerts the specialists
// it is offered to again now instead of at the next re-alert. The alerts go the timed re-alert's way (a
// notification, a push, the event stream) and the re-alert interval starts again from now. A re-page within
// REPAGE_MIN_INTERVAL_MS of the last alert sends nothing and is refused (409) with how long ago the last
// alert went and when a re-page will send again: a double press or a retry pages once, and the board never
// says "Re-paged" when nobody was alerted.
import type { Case } from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import { nextRealert } from '../domain/escalation.ts';
import { conflict } from '../errors.ts';
import { changeCase } from './case-change.ts';
import { setRealertDue } from './case-timers-repository.ts';
import type { CasesContext } from './cases-context.ts';
import { lastAlertOfActiveOffers, realertActiveOffers } from './offers-repository.ts';
import { readPolicy } from './routing.ts';

/** The shortest time between two alerts of the same offers that a re-page makes. */
export const REPAGE_MIN_INTERVAL_MS = 30_000;

export const repageProblems = {
  notWaiting: 'Only a case waiting for a specialist can be re-paged',
  nobodyOffered: 'Nobody holds an open offer of this case to re-page',
} as const;

/** Why a re-page this soon after the last alert sends nothing, and when it will. */
export function repageTooSoon(sinceLastMs: number): string {
  const ago = Math.max(0, Math.floor(sinceLastMs / 1000));
  const wait = Math.max(1, Math.ceil((REPAGE_MIN_INTERVAL_MS - sinceLastMs) / 1000));
  return `The specialists were alerted ${ago} s ago; re-page again in ${wait} s.`;
}

const URGENCY_WORDS = { emergent: 'emergent', urgent: 'urgent', routine: 'routine' } as const;

export function repageCase(ctx: CasesContext, actor: Actor, caseId: string): Promise<Case> {
  const me = actor.caller.id;
  return changeCase(ctx, actor, caseId, 'repage', async ({ tx, row, journal, now }) => {
    if (row.status !== 'pending' && row.status !== 'escalated') throw conflict(repageProblems.notWaiting);
    const last = await lastAlertOfActiveOffers(tx, caseId);
    if (last === null) throw conflict(repageProblems.nobodyOffered);
    const sinceLast = now.getTime() - last.getTime();
    if (sinceLast < REPAGE_MIN_INTERVAL_MS) throw conflict(repageTooSoon(sinceLast));
    const offered = (await realertActiveOffers(tx, caseId, now)).sort();
    const policy = await readPolicy(tx, row.hospital_id, ctx.ackOverrides);
    await setRealertDue(tx, caseId, nextRealert(now, policy));
    await journal.event('realerted', me, { specialistIds: offered, step: row.routing_step });
    await journal.notify(offered, {
      kind: 'case_realerted',
      actorId: me,
      action: `Re-paged: case ${row.display_number} (${row.specialty_name}, ${URGENCY_WORDS[row.urgency]}) is waiting for you`,
      message: row.chief_complaint,
    });
    journal.watch([row.opened_by]);
    return { status: row.status, audit: 'case.repage' };
  });
}
