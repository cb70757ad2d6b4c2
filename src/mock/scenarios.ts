// The scenarios of the mock mode: each is a set of answers of the contract's operations, from the shared
// fixtures, that puts the screens in one state QA needs to see (empty, failing, signed out, forbidden, a race
// lost on accept, slow, escalated, with images). The browser (src/mock/main.tsx) and the component tests use
// the same handlers: a bug reproduced in the browser becomes a test by naming its scenario.
import { delay, type HttpHandler, HttpResponse, type HttpResponseResolver } from 'msw';
import { createMswHandlers } from '../../generated/msw.gen.ts';
import type { Case, CaseList, Role } from '../../generated/types.gen.ts';
import { attachmentPng } from './attachment-image.ts';
import { type Answer, exampleAnswers, fixtures, type OperationId, operationLocations } from './fixtures.ts';

export const SCENARIOS = [
  { name: 'default', label: 'Default', description: 'Every operation answers with its fixture.' },
  { name: 'empty', label: 'Empty lists', description: 'Every list is empty: cases, notifications, shifts…' },
  {
    name: 'server-error',
    label: 'Server error',
    description: 'One operation (listCases unless chosen) answers 500; the rest as usual.',
  },
  {
    name: 'unauthorized',
    label: '401 Unauthorized',
    description: 'Every API call answers 401: the session ended.',
  },
  {
    name: 'forbidden',
    label: '403 Forbidden',
    description: 'One operation (listCases unless chosen) answers 403.',
  },
  {
    name: 'conflict-on-accept',
    label: '409 on accept',
    description: 'Accepting a case answers 409: another specialist accepted it first.',
  },
  { name: 'slow', label: 'Slow network', description: 'Every answer comes 3 seconds late.' },
  {
    name: 'escalated',
    label: 'Escalated case',
    description: 'The stroke alert went unanswered and escalated.',
  },
  { name: 'images', label: 'Case with images', description: 'The case carries a CT head and an ECG strip.' },
] as const;

export type ScenarioName = (typeof SCENARIOS)[number]['name'];

export const DEFAULT_FAILING_OPERATION: OperationId = 'listCases';
export const SLOW_NETWORK_MS = 3000;

export function isScenario(value: string | null | undefined): value is ScenarioName {
  return SCENARIOS.some((scenario) => scenario.name === value);
}

export function isOperation(value: string | null | undefined): value is OperationId {
  return value != null && operationLocations().has(value as OperationId);
}

export interface ScenarioOptions {
  readonly scenario: ScenarioName;
  /** Who `/me` is. */
  readonly role: Role;
  /** The operation that fails in "server-error" and "forbidden". */
  readonly operation?: OperationId;
}

/** Operations that need no token, which a 401 scenario leaves alone. */
const PUBLIC_OPERATIONS: readonly OperationId[] = [
  'getTenantConfig',
  'getOpenApiDocument',
  'getHealth',
  'getCalendarFeed',
  'signup',
];

const json = (status: number, body: unknown): Answer => ({ status, contentType: 'application/json', body });

/** The contract's example error of an operation for a status, or a plain one. */
function errorAnswer(status: number, detail: string): Answer {
  return json(status, { detail });
}

const ERROR_DETAILS: Record<number, string> = {
  401: 'Authentication required',
  403: 'You may not see the cases of another hospital',
  409: 'Cannot accept a case that is accepted: it has been accepted already',
  500: 'Internal server error',
};

function emptied(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('items' in body)) return body;
  const list = { ...(body as Record<string, unknown>), items: [] };
  if ('nextCursor' in list) list['nextCursor'] = null;
  if ('unreadCount' in list) list['unreadCount'] = 0;
  if ('total' in list) list['total'] = 0;
  return list;
}

/** Every operation's answer in the scenario, for the role. */
export function scenarioAnswers({ scenario, role, operation }: ScenarioOptions): Map<OperationId, Answer> {
  const answers = exampleAnswers();
  answers.set('getMe', json(200, fixtures.userFor(role)));
  answers.set('listCases', json(200, fixtures.wardCaseList()));
  const failing = operation ?? DEFAULT_FAILING_OPERATION;
  switch (scenario) {
    case 'default':
    case 'slow':
      break;
    case 'empty':
      for (const [id, answer] of answers) answers.set(id, { ...answer, body: emptied(answer.body) });
      break;
    case 'server-error':
      answers.set(failing, errorAnswer(500, ERROR_DETAILS[500] ?? ''));
      break;
    case 'forbidden':
      answers.set(failing, errorAnswer(403, ERROR_DETAILS[403] ?? ''));
      break;
    case 'unauthorized':
      for (const id of answers.keys()) {
        if (!PUBLIC_OPERATIONS.includes(id)) answers.set(id, errorAnswer(401, ERROR_DETAILS[401] ?? ''));
      }
      break;
    case 'conflict-on-accept':
      answers.set('acceptCase', errorAnswer(409, ERROR_DETAILS[409] ?? ''));
      break;
    case 'escalated': {
      const escalated = fixtures.escalatedCase();
      const list = fixtures.wardCaseList();
      list.items = list.items.map((item) =>
        item.id === escalated.id
          ? {
              ...item,
              status: 'escalated',
              routingStep: 'all',
              ackDueAt: escalated.ackDueAt,
              escalatesTo: null,
            }
          : item,
      );
      answers.set('getCase', json(200, escalated));
      answers.set('listCases', json(200, list));
      break;
    }
    case 'images':
      answers.set('getCase', json(200, fixtures.caseWithImages()));
      answers.set('listCaseAttachments', json(200, fixtures.imageAttachments()));
      break;
  }
  return answers;
}

/** The moment the fixtures' times are written around; the mock mode moves it to now, so countdowns run. */
export const FIXTURE_NOW = Date.parse('2026-11-22T09:00:00.000Z');
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Every date-time of the value moved by the offset (milliseconds); dates and other text stay. */
export function shiftTimes(value: unknown, offsetMs: number): unknown {
  if (offsetMs === 0) return value;
  if (typeof value === 'string') {
    return DATE_TIME.test(value) ? new Date(Date.parse(value) + offsetMs).toISOString() : value;
  }
  if (Array.isArray(value)) return value.map((item) => shiftTimes(item, offsetMs));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shiftTimes(item, offsetMs)]));
  }
  return value;
}

/** The origin the contract's examples write addresses with; the mock mode answers with its own. */
export const FIXTURE_ORIGIN = 'https://localhost:8443';

/** Every address on the fixtures' origin moved to the origin. */
export function moveOrigin(value: unknown, origin: string): unknown {
  if (origin === FIXTURE_ORIGIN) return value;
  if (typeof value === 'string')
    return value.startsWith(FIXTURE_ORIGIN) ? origin + value.slice(FIXTURE_ORIGIN.length) : value;
  if (Array.isArray(value)) return value.map((item) => moveOrigin(item, origin));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, moveOrigin(item, origin)]));
  }
  return value;
}

export interface MockHandlerOptions extends ScenarioOptions {
  /** Where the API is, e.g. https://app.test/api/v1; the fixtures' addresses move to its origin. */
  readonly baseUrl: string;
  /** Added to every date-time of the fixtures (the browser moves them to now; tests keep them). */
  readonly timeOffsetMs?: number;
  /** Overrides "slow"'s delay. */
  readonly delayMs?: number;
}

function respond(answer: Answer, offsetMs: number, origin: string): Response {
  if (answer.contentType === null) return new HttpResponse(null, { status: answer.status });
  if (answer.contentType === 'text/event-stream') {
    // The live stream: open and quiet, as the server's is between events.
    return new HttpResponse(new ReadableStream({ start: () => undefined }), {
      status: answer.status,
      headers: { 'Content-Type': 'text/event-stream' },
    });
  }
  if (answer.contentType.startsWith('image/') || answer.contentType === 'application/pdf') {
    return new HttpResponse(attachmentPng(), {
      status: answer.status,
      headers: { 'Content-Type': 'image/png' },
    });
  }
  const body = moveOrigin(shiftTimes(answer.body, offsetMs), origin);
  if (typeof body === 'string') {
    return new HttpResponse(body, { status: answer.status, headers: { 'Content-Type': answer.contentType } });
  }
  return new HttpResponse(JSON.stringify(body), {
    status: answer.status,
    headers: { 'Content-Type': answer.contentType },
  });
}

/** A case opened from a list shows that list's case: its id, number, patient and state over the fixture's. */
function caseFor(caseId: string, answer: Answer, answers: Map<OperationId, Answer>): Answer {
  if (answer.status !== 200) return answer;
  const list = answers.get('listCases')?.body as CaseList | undefined;
  const summary = list?.items.find((item) => item.id === caseId);
  return summary ? { ...answer, body: { ...(answer.body as Case), ...summary } } : answer;
}

/** MSW handlers for every operation of the contract, answering as the scenario says. */
export function mockHandlers(options: MockHandlerOptions): HttpHandler[] {
  const answers = scenarioAnswers(options);
  const { pick } = createMswHandlers({ baseUrl: options.baseUrl });
  const wait = options.scenario === 'slow' ? (options.delayMs ?? SLOW_NETWORK_MS) : 0;
  const offset = options.timeOffsetMs ?? 0;
  const origin = new URL(options.baseUrl).origin;
  return [...answers].map(([operationId, answer]) => {
    const resolver: HttpResponseResolver<Record<string, string | readonly string[] | undefined>> = async ({
      params,
    }) => {
      if (wait > 0) await delay(wait);
      const caseId = params['caseId'];
      const chosen =
        operationId === 'getCase' && typeof caseId === 'string' ? caseFor(caseId, answer, answers) : answer;
      return respond(chosen, offset, origin);
    };
    const factory = pick[operationId] as unknown as (response: typeof resolver) => HttpHandler;
    return factory(resolver);
  });
}
