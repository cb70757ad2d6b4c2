// What an SMS about an offer says. An SMS leaves the hospital through a telephone provider: it carries the
// case number, urgency, specialty, the hospital's short name and a link, and never the complaint, summary,
// MRN, initials or age (no patient data leaves the hospital in an SMS). Pure: the caller gives the facts.
import type { Urgency } from '../../../generated/types.gen.ts';

export interface SmsAlertFacts {
  readonly caseNumber: string;
  readonly urgency: Urgency;
  readonly specialty: string;
  readonly hospital: string;
  /** The case's page for the specialist, absolute. */
  readonly url: string;
}

const URGENCY_WORDS: Readonly<Record<Urgency, string>> = {
  emergent: 'EMERGENT',
  urgent: 'Urgent',
  routine: 'Routine',
};

/** One short text (a single SMS segment in most cases): what, where, and the link to accept it. */
export function buildSmsAlert(facts: SmsAlertFacts): string {
  return (
    `Case Router: ${URGENCY_WORDS[facts.urgency]} case ${facts.caseNumber} ` +
    `(${facts.specialty}, ${facts.hospital}) is offered to you. Open to accept: ${facts.url}`
  );
}

/**
 * A mobile number in international form (E.164 with the usual separators): a +, then 8 to 15 digits
 * (country code first), spaces, dashes, dots or brackets between them. What SMS fallback can send to.
 */
export const MOBILE_NUMBER = /^\+[1-9](?:[ ().-]*[0-9]){7,14}$/;

/** The number as the provider takes it: + and digits only. */
export function e164(phone: string): string {
  return `+${phone.replace(/[^0-9]/g, '')}`;
}
