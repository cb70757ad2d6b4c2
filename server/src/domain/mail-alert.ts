// What an e-mail about a case says. An e-mail leaves the hospital through mail servers outside it: it carries
// the case number, urgency, specialty, the hospital's short name and a link, and never the complaint,
// summary, MRN, initials or age (no patient data leaves the hospital in an e-mail). Pure: the caller gives
// the facts.
import type { Urgency } from '../../../generated/types.gen.ts';

export interface MailAlertFacts {
  /** The specialist whose offer went unanswered, or an ER admin of the case's hospital. */
  readonly role: 'specialist' | 'er_admin';
  readonly caseNumber: string;
  readonly urgency: Urgency;
  readonly specialty: string;
  readonly hospital: string;
  /** The case's page for the recipient, absolute. */
  readonly url: string;
}

export interface MailAlert {
  readonly subject: string;
  readonly text: string;
}

const URGENCY_WORDS: Readonly<Record<Urgency, string>> = {
  emergent: 'Emergent',
  urgent: 'Urgent',
  routine: 'Routine',
};

export function buildMailAlert(facts: MailAlertFacts): MailAlert {
  const what = `${URGENCY_WORDS[facts.urgency]} case ${facts.caseNumber}`;
  const where = `${facts.specialty}, ${facts.hospital}`;
  const lead =
    facts.role === 'specialist'
      ? `${what} was offered to you and has not been accepted: it is escalating.`
      : `${what} was not accepted in time by the ${facts.specialty} specialist offered it: it is escalating.`;
  return {
    subject: `Not accepted: ${what} (${where})`,
    text: [
      lead,
      '',
      `Specialty and hospital: ${where}`,
      `Open the case: ${facts.url}`,
      '',
      'Patient details are in the app only.',
    ].join('\n'),
  };
}
