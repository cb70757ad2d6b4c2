// A refusal's field problems stay inside the answer's own schema (at most 100 problems; a location of at most
// 32 parts, texts of 200 characters and indexes up to 100,000; messages of 500 characters): a request that
// breaks more, or deeper, is still a 400 with a detail, never a 500 from an answer that cannot be written.
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { toFieldProblems } from '../../server/src/http/validation.ts';

const error = (
  instancePath: string,
  message = 'must be string',
  extra: Partial<ErrorObject> = {},
): ErrorObject =>
  ({ keyword: 'type', instancePath, schemaPath: '#/type', params: {}, message, ...extra }) as ErrorObject;

describe('toFieldProblems', () => {
  it('lists at most 100 problems, the last saying how many more there were', () => {
    const problems = toFieldProblems(
      'body',
      Array.from({ length: 350 }, (_, index) => error(`/clinicalTargets/${index}/specialtyId`)),
    );
    expect(problems).toHaveLength(100);
    expect(problems[98]).toEqual({
      loc: ['body', 'clinicalTargets', 98, 'specialtyId'],
      msg: 'must be string',
    });
    expect(problems[99]).toEqual({ loc: ['body'], msg: 'and 251 more problems' });
  });

  it('keeps every location and message inside its bounds', () => {
    const deep = `/${Array.from({ length: 40 }, () => 'a').join('/')}`;
    const [deepProblem, keyProblem, indexProblem, longMessage] = toFieldProblems('body', [
      error(deep),
      error('', 'must NOT have additional properties', {
        keyword: 'additionalProperties',
        params: { additionalProperty: 'k'.repeat(5_000) },
      }),
      error('/items/250000'),
      error('/name', `must match pattern "${'x'.repeat(2_000)}"`),
    ]);
    expect(deepProblem?.loc).toHaveLength(32);
    const key = keyProblem?.loc[1];
    expect(typeof key === 'string' && key.length).toBe(200);
    expect(keyProblem?.msg).toBe('is not an accepted field');
    expect(indexProblem?.loc).toEqual(['body', 'items', '250000']);
    expect(longMessage?.msg).toHaveLength(500);
    expect(longMessage?.msg.endsWith('…')).toBe(true);
  });

  it('leaves a refusal within its bounds as it is', () => {
    expect(toFieldProblems('querystring', [error('/limit', 'must be <= 100')])).toEqual([
      { loc: ['query', 'limit'], msg: 'must be <= 100' },
    ]);
  });
});
