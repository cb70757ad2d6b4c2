// Adding a case's vital signs and triage answers after sending it: an emergent case goes with the minimum
// data set (specialty, urgency, age, sex, complaint) and its emergency room adds the rest as it comes, or
// corrects what it sent. Each sign or answer given replaces the case's own; the answers are checked as at
// creation, against the questions the case was sent with. The timeline keeps which signs and questions
// changed, never their values (the case holds those), and the case's specialists and doctor are told through
// their event streams, so an open case page reads the case again.
import type { Case, CaseAnswersAdd, FieldProblem } from '../../../generated/types.gen.ts';
import type { Actor } from '../auth/caller.ts';
import { transition } from '../domain/case-state.ts';
import { validateTriageAnswers } from '../domain/triage.ts';
import { badRequest, conflict } from '../errors.ts';
import { changeCase } from './case-change.ts';
import type { CasesContext } from './cases-context.ts';
import { mergeCaseAnswers, readCaseAnswers } from './cases-repository.ts';
import { activeOfferees } from './offers-repository.ts';

export const answerProblems = {
  nothingGiven: 'give at least one vital sign or triage answer',
} as const;

export function addCaseAnswers(
  ctx: CasesContext,
  actor: Actor,
  caseId: string,
  body: CaseAnswersAdd,
): Promise<Case> {
  const me = actor.caller.id;
  const vitals = body.vitals ?? {};
  const triageAnswers = body.triageAnswers ?? {};
  return changeCase(ctx, actor, caseId, 'answer', async ({ tx, row, journal, now }) => {
    const moved = transition(row.status, 'answer');
    if (!moved.ok) throw conflict(moved.detail);
    const vitalNames = Object.keys(vitals).sort();
    const questionIds = Object.keys(triageAnswers).sort();
    if (vitalNames.length + questionIds.length === 0) {
      throw badRequest([{ loc: ['body'], msg: answerProblems.nothingGiven } satisfies FieldProblem]);
    }
    const { questions } = await readCaseAnswers(tx, caseId);
    // Each answer given is checked as at creation; the required questions not given here stay pending
    // (an urgent or routine case was sent with them already).
    const problems = validateTriageAnswers(questions, triageAnswers, 'emergent');
    if (problems.length > 0) throw badRequest(problems);
    await mergeCaseAnswers(tx, caseId, { vitals, triageAnswers }, now);
    await journal.event('answers_added', me, { vitals: vitalNames, questionIds });
    const specialists = row.assigned_to === null ? await activeOfferees(tx, caseId) : [row.assigned_to];
    journal.watch([row.opened_by, ...specialists]);
    return { status: row.status, audit: 'case.answers_added' };
  });
}
