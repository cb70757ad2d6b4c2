// What a pushed alert says. A push leaves the hospital through a third party's push service: it carries the
// case number, urgency, specialty, the hospital's short name and a link, and never the complaint, summary,
// MRN, initials or age (no patient data leaves the hospital in a push). Pure: the caller gives the facts.
import type { Urgency } from '../../../generated/types.gen.ts';

export type PushAlertKind = 'case_offered' | 'case_realerted' | 'case_message' | 'case_accepted';

export const PUSHED_KINDS: ReadonlySet<string> = new Set<PushAlertKind>([
  'case_offered',
  'case_realerted',
  'case_message',
  'case_accepted',
]);

export interface PushAlertFacts {
  readonly kind: PushAlertKind;
  readonly caseId: string;
  readonly caseNumber: string;
  readonly urgency: Urgency;
  readonly specialty: string;
  readonly hospital: string;
  /** The case's page for the recipient, absolute. */
  readonly url: string;
  /** Who accepted the case (case_accepted only). */
  readonly acceptedBy?: string | null;
  /** The one-time receipt credential of an offer, and where to report it. */
  readonly receipt?: { readonly token: string; readonly url: string };
}

export interface PushAlert {
  readonly kind: PushAlertKind | 'test';
  readonly title: string;
  readonly body: string;
  /** One tag per case: a re-alert or "accepted by …" replaces the case's earlier notification. */
  readonly tag: string;
  readonly requireInteraction: boolean;
  readonly renotify: boolean;
  readonly url: string;
  readonly caseNumber?: string;
  readonly urgency?: Urgency;
  readonly specialty?: string;
  readonly hospital?: string;
  readonly receipt?: string;
  readonly receiptUrl?: string;
}

const URGENCY_WORDS: Readonly<Record<Urgency, string>> = {
  emergent: 'Emergent',
  urgent: 'Urgent',
  routine: 'Routine',
};

function titleOf(facts: PushAlertFacts): string {
  const urgent = `${URGENCY_WORDS[facts.urgency]} case ${facts.caseNumber}`;
  switch (facts.kind) {
    case 'case_offered':
      return `${urgent} for you`;
    case 'case_realerted':
      return `Reminder: ${urgent} is waiting for you`;
    case 'case_message':
      return `New message on case ${facts.caseNumber}`;
    case 'case_accepted':
      return `Case ${facts.caseNumber} accepted by ${facts.acceptedBy ?? 'a colleague'}`;
  }
}

function bodyOf(facts: PushAlertFacts): string {
  const where = `${facts.specialty} · ${facts.hospital}`;
  if (facts.kind === 'case_accepted') return `${where}. Nothing more to do.`;
  if (facts.kind === 'case_message') return `${where}. Open the case to read it.`;
  return `${where}. Open to accept or decline.`;
}

export function buildPushAlert(facts: PushAlertFacts): PushAlert {
  const offer = facts.kind === 'case_offered' || facts.kind === 'case_realerted';
  // An emergent offer stays on screen until acted on and sounds again for each re-alert.
  const insistent = offer && facts.urgency === 'emergent';
  return {
    kind: facts.kind,
    title: titleOf(facts),
    body: bodyOf(facts),
    tag: `case-${facts.caseId}`,
    requireInteraction: insistent,
    renotify: insistent,
    url: facts.url,
    caseNumber: facts.caseNumber,
    urgency: facts.urgency,
    specialty: facts.specialty,
    hospital: facts.hospital,
    ...(facts.receipt === undefined ? {} : { receipt: facts.receipt.token, receiptUrl: facts.receipt.url }),
  };
}

/** The test notification a user sends themselves from their settings. */
export function testPushAlert(appUrl: string): PushAlert {
  return {
    kind: 'test',
    title: 'Case Router test notification',
    body: 'Alerts reach this device.',
    tag: 'case-router-test',
    requireInteraction: false,
    renotify: false,
    url: `${appUrl}/settings`,
  };
}
