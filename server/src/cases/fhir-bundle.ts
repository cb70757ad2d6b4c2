// A case as a FHIR R4 Bundle (type collection), for a hospital's record: the request as a ServiceRequest,
// each offer to a specialist as a Task with its outcome (fhir-offers.ts), each attachment as a
// DocumentReference pointing at its access-checked download (never the bytes), each message of the thread as
// a Communication, and the consultation as a Communication of its own. The patient is only what the case
// holds (sex, age, MRN, initials): the minimum, never more. Every entry's fullUrl is a `urn:uuid:` and every
// reference is one of them, so each resolves inside the bundle. Pure: tests validate the result against the
// R4 specification with two validators.
import type { Attachment, Case } from '../../../generated/types.gen.ts';
import { offerTasks, PRIORITY } from './fhir-offers.ts';
import { fhirId, fullUrlOf, practitioner, referenceTo, SYSTEM, type Resource } from './fhir-resources.ts';

function serviceRequestStatus(status: Case['status']): string {
  if (status === 'cancelled') return 'revoked';
  if (status === 'responded' || status === 'closed') return 'completed';
  return 'active';
}

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

function serviceRequestOf(item: Case, patientRef: { reference: string }): Resource {
  return {
    resourceType: 'ServiceRequest',
    id: fhirId('request', item.id),
    identifier: [{ system: `${SYSTEM}:case`, value: item.displayNumber }],
    status: serviceRequestStatus(item.status),
    intent: 'order',
    priority: PRIORITY[item.urgency],
    category: [{ text: item.specialty.name }],
    code: { text: `${item.specialty.name} consultation` },
    subject: patientRef,
    authoredOn: item.createdAt,
    requester: practitioner(item.openedBy),
    ...(item.assignedTo ? { performer: [practitioner(item.assignedTo)] } : {}),
    reasonCode: [{ text: item.chiefComplaint }],
    ...(item.clinicalSummary ? { note: [{ text: item.clinicalSummary }] } : {}),
  };
}

/** An attachment's digest as FHIR's Attachment.hash wants it: SHA-1 of the stored bytes, base64. */
export type AttachmentHashes = ReadonlyMap<string, string>;

function documentOf(
  attachment: Attachment,
  hashes: AttachmentHashes,
  refs: { request: { reference: string }; patient: { reference: string } },
): Resource {
  const hash = hashes.get(attachment.id);
  return {
    resourceType: 'DocumentReference',
    id: fhirId('attachment', attachment.id),
    status: 'current',
    type: { text: attachment.contentType === 'application/pdf' ? 'Document' : 'Image' },
    subject: refs.patient,
    date: attachment.createdAt,
    author: [practitioner(attachment.uploadedBy)],
    description: attachment.fileName,
    content: [
      {
        attachment: {
          contentType: attachment.contentType,
          // The address of the download that checks the reader's access to the case; never the bytes.
          url: attachment.url,
          size: attachment.size,
          ...(hash ? { hash } : {}),
          title: attachment.fileName,
          creation: attachment.createdAt,
        },
      },
    ],
    context: { related: [refs.request] },
  };
}

/** The case as a FHIR R4 Bundle of type collection. */
export function caseToFhirBundle(
  item: Case,
  generatedAt: string,
  hashes: AttachmentHashes = new Map(),
): Record<string, unknown> {
  const patient = patientOf(item);
  const patientRef = referenceTo(patient);
  const request = serviceRequestOf(item, patientRef);
  const requestRef = referenceTo(request);
  const refs = { request: requestRef, patient: patientRef };
  const tasks = offerTasks(item, refs);
  const documents = item.attachments.map((attachment) => documentOf(attachment, hashes, refs));
  const messages: Resource[] = item.messages.map((message) => ({
    resourceType: 'Communication',
    id: fhirId('message', message.id),
    basedOn: [requestRef],
    status: 'completed',
    subject: patientRef,
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
            basedOn: [requestRef],
            status: 'completed',
            category: [{ text: 'Specialist consultation' }],
            subject: patientRef,
            sent: consultation.createdAt,
            sender: practitioner(consultation.author),
            payload: [
              { contentString: `Recommendation: ${consultation.recommendation}` },
              { contentString: `Disposition: ${consultation.disposition}` },
              ...(consultation.followUp ? [{ contentString: `Follow-up: ${consultation.followUp}` }] : []),
            ],
          },
        ];
  const resources = [patient, request, ...tasks, ...documents, ...messages, ...consultations];
  return {
    resourceType: 'Bundle',
    id: fhirId('case', item.id),
    type: 'collection',
    timestamp: generatedAt,
    entry: resources.map((resource) => ({ fullUrl: fullUrlOf(resource), resource })),
  };
}
