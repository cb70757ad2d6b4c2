// The words the case screens show for the contract's codes, and their fixed labels.
import type {
  CaseEventKind,
  CaseStatus,
  Disposition,
  Patient,
  RoutingStep,
  Urgency,
} from '../../../generated/types.gen.ts';

export const caseTexts = {
  newCase: 'New case',
  createCase: 'Create case',
  send: 'Send',
  accept: 'Accept',
  decline: 'Decline',
  cancelCase: 'Cancel case',
  closeCase: 'Close case',
  submitConsultation: 'Submit consultation',
  loadMore: 'Load more',
  specialty: 'Specialty',
  urgency: 'Urgency',
  age: 'Age',
  sex: 'Sex',
  mrn: 'MRN',
  arrivalTime: 'Arrival time',
  chiefComplaint: 'Chief complaint',
  summary: 'Summary',
  timeSinceDoor: 'Time since door',
  timeLeftToTarget: 'Time left to target',
  escalatesIn: 'Escalates in',
  noCoverage: 'No on-call cover',
} as const;

export const urgencyLabels: Readonly<Record<Urgency, string>> = {
  emergent: 'Emergent',
  urgent: 'Urgent',
  routine: 'Routine',
};

export const statusLabels: Readonly<Record<CaseStatus, string>> = {
  pending: 'Pending',
  escalated: 'Escalated',
  accepted: 'Accepted',
  responded: 'Responded',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const dispositionLabels: Readonly<Record<Disposition, string>> = {
  admit: 'Admit',
  transfer: 'Transfer',
  discharge_with_follow_up: 'Discharge with follow-up',
  further_tests: 'Further tests',
  specialist_to_see_patient: 'Specialist comes to see the patient',
};

export const sexLabels: Readonly<Record<Patient['sex'], string>> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  unknown: 'Unknown',
};

export const stepLabels: Readonly<Record<RoutingStep, string>> = {
  primary: 'on-call primary',
  backup: 'on-call backup',
  all: 'every specialist of the specialty',
};

/** Whom an offer, re-alert or escalation went to, as the timeline says it. */
export const stepTargets: Readonly<Record<RoutingStep, string>> = {
  primary: 'to the on-call primary',
  backup: 'to the on-call backup',
  all: 'to every specialist of the specialty',
};

// Names past this many are counted, not listed: a card stays readable when a case goes to every specialist.
const NAMES_SHOWN = 3;

/**
 * To whom a waiting case is offered now, by step: "Offered to Dr A (on-call primary)"; at the last step
 * "Offered to every specialist of the specialty: Dr A, Dr B, Dr C and 2 more". Null when offered to nobody.
 */
export function offeredToLine(
  offeredTo: readonly { specialist: { displayName: string }; step: RoutingStep }[],
): string | null {
  if (offeredTo.length === 0) return null;
  const steps = (['primary', 'backup', 'all'] as const).flatMap((step) => {
    const names = offeredTo
      .filter((offer) => offer.step === step)
      .map((offer) => offer.specialist.displayName);
    if (names.length === 0) return [];
    const shown = names.slice(0, NAMES_SHOWN).join(', ');
    const more = names.length > NAMES_SHOWN ? ` and ${String(names.length - NAMES_SHOWN)} more` : '';
    return [step === 'all' ? `${stepLabels.all}: ${shown}${more}` : `${shown}${more} (${stepLabels[step]})`];
  });
  return `Offered to ${steps.join('; ')}`;
}

/**
 * What a waiting case waits on, never contradicting itself: to whom it is offered now; with nobody holding an
 * offer, why (nobody was on call and no specialist could be offered it, or everyone offered declined).
 */
export function waitingLine(item: {
  offeredTo: readonly { specialist: { displayName: string }; step: RoutingStep }[];
  noCoverage: boolean;
  specialty: { name: string };
}): string {
  const offered = offeredToLine(item.offeredTo);
  const uncovered = item.noCoverage ? `No on-call cover for ${item.specialty.name}. ` : '';
  if (offered !== null) return `${uncovered}${offered}`;
  return `${uncovered}Nobody holds an offer: no ${item.specialty.name} specialist is left to offer it to. Call the switchboard.`;
}

/** The vital signs by their contract names, as the timeline names the ones added after sending. */
export const vitalSignLabels: Readonly<Record<string, string>> = {
  heartRate: 'Heart rate',
  systolicBp: 'Systolic BP',
  diastolicBp: 'Diastolic BP',
  respiratoryRate: 'Respiratory rate',
  spo2: 'SpO2',
  temperatureC: 'Temperature',
  gcs: 'GCS',
};

export const eventLabels: Readonly<Record<CaseEventKind, string>> = {
  created: 'Case opened',
  offered: 'Offered',
  no_coverage: 'No on-call coverage',
  delivered: 'Delivered',
  seen: 'Seen',
  realerted: 'Re-alerted',
  escalated: 'Escalated',
  declined: 'Declined',
  accepted: 'Accepted',
  message: 'Message',
  consultation: 'Consultation',
  closed: 'Closed',
  cancelled: 'Cancelled',
  attachment: 'Image attached',
  email_sent: 'E-mail sent',
  sms_sent: 'SMS sent',
  sms_failed: 'SMS failed',
  answers_added: 'Vital signs or answers added',
};

export const ACTIVE_STATUSES: readonly CaseStatus[] = ['pending', 'escalated', 'accepted', 'responded'];
export const FINAL_STATUSES: readonly CaseStatus[] = ['closed', 'cancelled'];

/** Nobody has accepted the case yet: it waits for a specialist. */
export function isWaiting(status: CaseStatus): boolean {
  return status === 'pending' || status === 'escalated';
}

export function isFinal(status: CaseStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** Shown as `67 y, female`, with the MRN when there is one. */
export function patientLine(patient: Patient): string {
  const parts = [`${patient.age} y`, sexLabels[patient.sex].toLowerCase()];
  if (patient.initials) parts.push(patient.initials);
  if (patient.mrn) parts.push(`MRN ${patient.mrn}`);
  return parts.join(', ');
}
