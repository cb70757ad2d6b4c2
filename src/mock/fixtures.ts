// The fixtures of the mock mode (`npm run mock`) and of the component tests: one set, built from the contract's
// own examples (generated/openapi.json), so a screen QA reproduces in the browser is the screen a test renders.
// Every fixture validates against the document (tests/unit/mock-fixtures.test.ts).
import contractJson from '../../generated/openapi.json' with { type: 'json' };
import type { MswHandlerFactories } from '../../generated/msw.gen.ts';
import type {
  Attachment,
  AttachmentList,
  Case,
  CaseList,
  CaseSummary,
  NotificationList,
  Role,
  SpecialtyList,
  TriageAssessmentList,
  User,
} from '../../generated/types.gen.ts';

export type OperationId = keyof MswHandlerFactories;

interface MediaType {
  schema?: { $ref?: string; format?: string; example?: unknown };
  example?: unknown;
  examples?: Record<string, { $ref?: string; value?: unknown }>;
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
}

interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}

interface Contract {
  paths: Record<string, Record<string, OperationObject | undefined>>;
  components: {
    examples: Record<string, { value: unknown }>;
    responses: Record<string, ResponseObject>;
  };
}

const contract = contractJson as unknown as Contract;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** One of the contract's named examples, a fresh copy each call. */
export function contractExample(name: string): unknown {
  const found = contract.components.examples[name];
  if (!found) throw new Error(`The contract has no example ${name}`);
  return structuredClone(found.value);
}

/** An operation's answer: its status, its content type and body (null for none), as the contract shows it. */
export interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly body: unknown;
}

/** Where an operation lives in the document, for validating its answers. */
export interface OperationLocation {
  readonly path: string;
  readonly method: (typeof METHODS)[number];
}

function resolveResponse(response: ResponseObject): ResponseObject {
  const ref = response.$ref;
  if (ref === undefined) return response;
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  const target = contract.components.responses[name];
  if (!target) throw new Error(`The contract has no response ${name}`);
  return target;
}

function exampleOf(media: MediaType): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  if (first?.$ref !== undefined) return contractExample(first.$ref.slice(first.$ref.lastIndexOf('/') + 1));
  if (first?.value !== undefined) return structuredClone(first.value);
  return structuredClone(media.schema?.example ?? null);
}

/** The success answer of an operation: 201 where the operation creates, else its first 2xx. */
function successAnswer(operation: OperationObject): Answer {
  const statuses = Object.keys(operation.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
  const status = statuses.includes('201') ? '201' : statuses[0];
  if (status === undefined) throw new Error(`${String(operation.operationId)} has no success answer`);
  const response = resolveResponse(operation.responses?.[status] ?? {});
  const [entry] = Object.entries(response.content ?? {});
  if (!entry) return { status: Number(status), contentType: null, body: null };
  const [contentType, media] = entry;
  return {
    status: Number(status),
    contentType,
    body: media.schema?.format === 'binary' ? null : exampleOf(media),
  };
}

/** Every operation of the contract with where it lives. */
export function operationLocations(): Map<OperationId, OperationLocation> {
  const found = new Map<OperationId, OperationLocation>();
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of METHODS) {
      const operationId = item[method]?.operationId;
      if (operationId !== undefined) found.set(operationId as OperationId, { path, method });
    }
  }
  return found;
}

/** The contract's example answer of every operation. */
export function exampleAnswers(): Map<OperationId, Answer> {
  const answers = new Map<OperationId, Answer>();
  for (const [operationId, { path, method }] of operationLocations()) {
    const operation = contract.paths[path]?.[method];
    if (operation) answers.set(operationId, successAnswer(operation));
  }
  return answers;
}

/** The names of the demo users other than the contract's own doctor and specialist. */
const NAMES: Partial<Record<Role, string>> = {
  emergency_room: 'Ola Berg',
  emergency_room_admin: 'Maya Chen',
  hospital_system: 'Jonas Weber',
  hospital: 'Fatima Malik',
  hospital_system_business_administrator: 'Lena Novak',
  hospital_business_administrator: 'Ravi Patel',
};

/** The example user with one role, as `/me` answers for them. */
export function userFor(role: Role): User {
  const user = { ...(contractExample('User') as User), id: `usr_demo_${role}`, roles: [role] };
  if (role === 'specialist') {
    return {
      ...user,
      displayName: 'Dr Sam Lindqvist',
      email: 'specialist@demo.test',
      specialtyTypes: ['Neurology'],
    };
  }
  const name = NAMES[role];
  return name === undefined ? user : { ...user, displayName: name, email: `${role}@demo.test` };
}

const cardiologist = { id: 'usr_demo_cardiologist', displayName: 'Dr Amara Nwosu' };
const orthopaedist = { id: 'usr_demo_orthopaedist', displayName: 'Dr Tomás Herrera' };

/** A busy ER's list: the contract's emergent stroke alert, a chest pain in hand, an ankle answered. */
function wardCaseList(): CaseList {
  const list = contractExample('CaseList') as CaseList;
  const [stroke] = list.items;
  if (!stroke) throw new Error('The contract example CaseList has no case');
  const chestPain: CaseSummary = {
    ...stroke,
    id: 'cas_01J9Z3M2B7',
    displayNumber: 'SGH-000124',
    status: 'accepted',
    urgency: 'urgent',
    specialty: { id: 'spc_cardiology', name: 'Cardiology' },
    patient: { age: 58, sex: 'male' },
    chiefComplaint: 'Central chest pain for 2 hours, troponin 48 ng/L',
    doorTime: '2026-11-22T07:55:00.000Z',
    createdAt: '2026-11-22T08:20:00.000Z',
    updatedAt: '2026-11-22T08:31:00.000Z',
    assignedTo: cardiologist,
    ackDueAt: null,
    escalatesTo: null,
    targetDueAt: '2026-11-22T09:20:00.000Z',
  };
  const ankle: CaseSummary = {
    ...stroke,
    id: 'cas_01J9Z2T6H1',
    displayNumber: 'SGH-000119',
    status: 'responded',
    urgency: 'routine',
    specialty: { id: 'spc_orthopaedics', name: 'Orthopaedics' },
    patient: { age: 24, sex: 'female' },
    chiefComplaint: 'Inversion injury of the right ankle, unable to bear weight',
    doorTime: '2026-11-22T06:40:00.000Z',
    createdAt: '2026-11-22T07:05:00.000Z',
    updatedAt: '2026-11-22T08:02:00.000Z',
    assignedTo: orthopaedist,
    ackDueAt: null,
    escalatesTo: null,
    targetDueAt: '2026-11-22T09:05:00.000Z',
  };
  return { items: [stroke, chestPain, ankle], nextCursor: null };
}

/** The stroke alert after nobody answered: offered to the backup, then to every neurologist. */
function escalatedCase(): Case {
  const item = contractExample('Case') as Case;
  return {
    ...item,
    status: 'escalated',
    routingStep: 'all',
    updatedAt: '2026-11-22T09:02:00.000Z',
    ackDueAt: '2026-11-22T09:07:00.000Z',
    escalatesTo: null,
    timeline: [
      ...item.timeline,
      {
        id: '3',
        at: '2026-11-22T08:57:00.000Z',
        kind: 'escalated',
        actor: null,
        data: { step: 'backup', reason: 'Not accepted within 5 minutes' },
      },
      {
        id: '4',
        at: '2026-11-22T09:02:00.000Z',
        kind: 'escalated',
        actor: null,
        data: { step: 'all', reason: 'Not accepted within 5 minutes' },
      },
    ],
  };
}

/** The contract's CT head and a photo of the ECG strip. */
function imageAttachments(): Attachment[] {
  const [ct] = (contractExample('AttachmentList') as AttachmentList).items;
  if (!ct) throw new Error('The contract example AttachmentList has no attachment');
  const ecg: Attachment = {
    ...ct,
    id: 'att_01J9Z3K8Q9',
    fileName: 'ecg-0846.png',
    contentType: 'image/png',
    size: 214_533,
    width: 1600,
    height: 900,
    createdAt: '2026-11-22T08:58:00.000Z',
    url: ct.url.replace(ct.id, 'att_01J9Z3K8Q9'),
    thumbnailUrl: ct.thumbnailUrl?.replace(ct.id, 'att_01J9Z3K8Q9') ?? null,
  };
  return [ct, ecg];
}

/** The fixtures, a fresh copy each call: the contract's examples and the variants the scenarios need. */
export const fixtures = {
  case: (): Case => contractExample('Case') as Case,
  caseList: (): CaseList => contractExample('CaseList') as CaseList,
  wardCaseList,
  escalatedCase,
  caseWithImages: (): Case => ({ ...(contractExample('Case') as Case), attachments: imageAttachments() }),
  imageAttachments: (): AttachmentList => ({ items: imageAttachments() }),
  user: (): User => contractExample('User') as User,
  userFor,
  specialties: (): SpecialtyList => contractExample('SpecialtyList') as SpecialtyList,
  triage: (): TriageAssessmentList => contractExample('TriageAssessmentList') as TriageAssessmentList,
  notifications: (): NotificationList => contractExample('NotificationList') as NotificationList,
};
