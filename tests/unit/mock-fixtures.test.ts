// The fixtures of the mock mode and the component tests validate against the current contract, in every
// scenario and for every role: a change of the document that leaves a fixture behind fails here.
// The answers are checked as the contract writes each operation's answer for that status.
import { describe, expect, it } from 'vitest';
import type { Role } from '../../generated/types.gen.ts';
import { ROLES } from '../../src/lib/auth/roles.ts';
import { type Answer, operationLocations } from '../../src/mock/fixtures.ts';
import { SCENARIOS, scenarioAnswers, shiftTimes } from '../../src/mock/scenarios.ts';
import { createContractValidator, pointerSegment, readContract } from '../support/contract-validator.ts';

const document = readContract();
const validator = createContractValidator(document);
const locations = operationLocations();

interface ResponseObject {
  $ref?: string;
  content?: Record<string, unknown>;
}

/** The pointer of the schema of an operation's answer with this status and content type. */
function answerSchemaPointer(operationId: string, answer: Answer): string {
  const location = locations.get(operationId as never);
  if (!location) throw new Error(`${operationId} is not an operation of the contract`);
  const operation = document.paths[location.path]?.[location.method] as {
    responses: Record<string, ResponseObject>;
  };
  const status = String(answer.status);
  const response = operation.responses[status] ?? operation.responses['default'];
  if (!response) throw new Error(`${operationId} does not answer ${status}`);
  const base = response.$ref
    ? response.$ref.slice(1)
    : `/paths/${pointerSegment(location.path)}/${location.method}/responses/${pointerSegment(status in operation.responses ? status : 'default')}`;
  return `${base}/content/${pointerSegment(answer.contentType ?? '')}/schema`;
}

function problemsOf(operationId: string, answer: Answer): string[] {
  if (answer.contentType === null || answer.body === null) return [];
  // The event stream's example is one event, as JSON.
  if (!answer.contentType.includes('json') && answer.contentType !== 'text/event-stream')
    return typeof answer.body === 'string' ? [] : ['is not text'];
  return validator
    .problems(answerSchemaPointer(operationId, answer), answer.body)
    .map((problem) => `${operationId} ${answer.status}: ${problem}`);
}

describe('the mock fixtures', () => {
  it('answer every operation of the contract in every scenario', () => {
    for (const { name } of SCENARIOS) {
      const answered = [...scenarioAnswers({ scenario: name, role: 'er_doctor' }).keys()].sort();
      expect(answered, name).toEqual([...locations.keys()].sort());
    }
  });

  it.each(SCENARIOS.map(({ name }) => name))(
    'validate against the contract in the "%s" scenario',
    (scenario) => {
      const problems = [...scenarioAnswers({ scenario, role: 'er_doctor' })].flatMap(([id, answer]) =>
        problemsOf(id, answer),
      );
      expect(problems).toEqual([]);
    },
  );

  it.each(ROLES)('sign in as %s with a /me the contract accepts', (role: Role) => {
    const me = scenarioAnswers({ scenario: 'default', role }).get('getMe');
    expect(me?.body).toMatchObject({ roles: [role] });
    expect(problemsOf('getMe', me as Answer)).toEqual([]);
  });

  it('fail a server error and a forbidden answer on the chosen operation only', () => {
    const answers = scenarioAnswers({ scenario: 'server-error', role: 'specialist', operation: 'getCase' });
    expect(answers.get('getCase')?.status).toBe(500);
    expect(answers.get('listCases')?.status).toBe(200);
    expect(scenarioAnswers({ scenario: 'forbidden', role: 'specialist' }).get('listCases')?.status).toBe(403);
  });

  it('still validate once their times are moved to now, as the browser shows them', () => {
    const offset = Date.parse('2027-03-01T12:00:00.000Z') - Date.parse('2026-11-22T09:00:00.000Z');
    const problems = [...scenarioAnswers({ scenario: 'escalated', role: 'er_doctor' })].flatMap(
      ([id, answer]) => problemsOf(id, { ...answer, body: shiftTimes(answer.body, offset) }),
    );
    expect(problems).toEqual([]);
    const moved = shiftTimes({ at: '2026-11-22T08:52:00.000Z', day: '2026-11-22' }, offset);
    expect(moved).toEqual({ at: '2027-03-01T11:52:00.000Z', day: '2026-11-22' });
  });
});
