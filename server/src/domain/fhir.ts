// A case as a FHIR R4 Bundle (type collection), for a hospital's record: the request as a ServiceRequest,
// each offer to a specialist as a Task, each message of the thread as a Communication, and the consultation
// as a Communication of its own. The patient is only what the case holds (sex, age, MRN, initials): the
// minimum, never more. Pure: tests validate the result against the R4 specification.
import type { Case, Offer } from '../../../generated/types.gen.ts';

type Resource = Record<string, unknown> & { resourceType: string; id: string };

const PRIORITY: Record<Case['urgency'], string> = { emergent: 'stat', urgent: 'urgent', routine: 'routine' };

const SYSTEM = 'urn:case-router';

/** A FHIR id: letters, digits, '-' and '.', at most 64 characters (our ids carry '_'). */
const fhirId = (...parts: string[]) =>
  parts
    .join('-')
    .replace(/[^A-Za-z0-9.-]/g, '-')
    .slice(0, 64);

function serviceRequestStatus(status: Case['status']): string {
  if (status === 'cancelled') return 'revoked';
  if (status === 'responded' || status === 'closed') return 'completed';
  return 'active';
}

function taskStatus(offer: Offer, item: Case): string {
  if (offer.acceptedAt !== null) return item.consultation !== null ? 'completed' : 'accepted';
  if (offer.declinedAt !== null) return 'rejected';
  if (item.status === 'cancelled') return 'cancelled';
  if (item.assignedTo !== null) return 'cancelled'; // another specialist accepted first
  return offer.seenAt !== null ? 'received' : 'requested';
}

const practitioner = (user: { id: string; displayName: string }) => ({
  identifier: { system: `${SYSTEM}:user`, value: user.id },
  display: user.displayName,
});

function patientOf(item: Case): Resource {
  const { patient } = item;
  return {
    resourceType: 'Patient',
    id: fhirId('patient', item.id),
    ...(patient.mrn ? { identifier: [{ type: { text: 'MRN' }, value: patient.mrn }] } : {}),
    ...(patient.initials ? { name: [{ text: patient.initials }] } : {}),
    gender: patient.sex,
    extension: [
      {
        url: `${SYSTEM}:fhir:patient-age-years`,
        valueAge: { value: patient.age, unit: 'years', system: 'http://unitsofmeasure.org', code: 'a' },
      },
    ],
  };
}

function serviceRequestOf(item: Case, patientRef: string): Resource {
  return {
    resourceType: 'ServiceRequest',
    id: fhirId('request', item.id),
    identifier: [{ system: `${SYSTEM}:case`, value: item.displayNumber }],
    status: serviceRequestStatus(item.status),
    intent: 'order',
    priority: PRIORITY[item.urgency],
    category: [{ text: item.specialty.name }],
    code: { text: `${item.specialty.name} consultation` },
    subject: { reference: patientRef },
    authoredOn: item.createdAt,
    requester: practitioner(item.openedBy),
    ...(item.assignedTo ? { performer: [practitioner(item.assignedTo)] } : {}),
    reasonCode: [{ text: item.chiefComplaint }],
    ...(item.clinicalSummary ? { note: [{ text: item.clinicalSummary }] } : {}),
  };
}

/** The case as a FHIR R4 Bundle of type collection. */
export function caseToFhirBundle(item: Case, generatedAt: string): Record<string, unknown> {
  const patient = patientOf(item);
  const patientRef = `Patient/${patient.id}`;
  const request = serviceRequestOf(item, patientRef);
  const requestRef = `ServiceRequest/${request.id}`;
  const tasks: Resource[] = item.offers.map((offer) => ({
    resourceType: 'Task',
    id: fhirId('task', offer.id),
    status: taskStatus(offer, item),
    ...(offer.declineReason ? { statusReason: { text: offer.declineReason } } : {}),
    intent: 'order',
    priority: PRIORITY[item.urgency],
    focus: { reference: requestRef },
    basedOn: [{ reference: requestRef }],
    for: { reference: patientRef },
    authoredOn: offer.offeredAt,
    lastModified:
      offer.acceptedAt ?? offer.declinedAt ?? offer.seenAt ?? offer.deliveredAt ?? offer.offeredAt,
    owner: practitioner(offer.specialist),
    note: [
      { text: `Routing step: ${offer.step}` },
      ...(offer.deliveredAt ? [{ time: offer.deliveredAt, text: 'Delivered to the specialist' }] : []),
      ...(offer.seenAt ? [{ time: offer.seenAt, text: 'Seen by the specialist' }] : []),
    ],
  }));
  const messages: Resource[] = item.messages.map((message) => ({
    resourceType: 'Communication',
    id: fhirId('message', message.id),
    basedOn: [{ reference: requestRef }],
    status: 'completed',
    subject: { reference: patientRef },
    sent: message.createdAt,
    sender: practitioner(message.author),
    payload: [{ contentString: message.body }],
  }));
  const { consultation } = item;
  const consultations: Resource[] =
    consultation === null
      ? []
      : [
          {
            resourceType: 'Communication',
            id: fhirId('consultation', item.id),
            basedOn: [{ reference: requestRef }],
            status: 'completed',
            category: [{ text: 'Specialist consultation' }],
            subject: { reference: patientRef },
            sent: consultation.createdAt,
            sender: practitioner(consultation.author),
            payload: [
              { contentString: `Recommendation: ${consultation.recommendation}` },
              { contentString: `Disposition: ${consultation.disposition}` },
              ...(consultation.followUp ? [{ contentString: `Follow-up: ${consultation.followUp}` }] : []),
            ],
          },
        ];
  const resources = [patient, request, ...tasks, ...messages, ...consultations];
  return {
    resourceType: 'Bundle',
    id: fhirId('case', item.id),
    type: 'collection',
    timestamp: generatedAt,
    entry: resources.map((resource) => ({
      fullUrl: `${SYSTEM}:${resource.resourceType}:${resource.id}`,
      resource,
    })),
  };
}
