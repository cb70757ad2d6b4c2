import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import { configureZod } from '../../src/lib/forms/zod-error-map.ts';

function messageOf(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

beforeAll(() => {
  configureZod();
  configureZod();
});

describe('the generic validation messages', () => {
  it.each([
    ['a missing value', z.object({ name: z.string() }), {}, texts.validationRequired],
    ['an empty required text', z.string().check(z.minLength(1)), '', texts.validationRequired],
    ['a wrong type', z.string(), 42, texts.validationInvalidInput],
    ['an unknown enum value', z.enum(['a', 'b']), 'c', texts.validationInvalidInput],
    ['an invalid Date', z.date(), new Date('nope'), texts.validationInvalidDate],
    ['an invalid ISO date', z.iso.date(), '2026-13-40', texts.validationInvalidDate],
    ['an invalid ISO date-time', z.iso.datetime(), 'yesterday', texts.validationInvalidDate],
    ['an infinite number', z.number(), Infinity, texts.validationNumberFinite],
    ['NaN', z.number(), Number.NaN, texts.validationInvalidInput],
    ['an invalid email', z.email(), 'not-an-email', texts.validationInvalidInput],
    ['a short text', z.string().check(z.minLength(8)), 'abc', 'Must be at least 8 characters'],
    ['a long text', z.string().check(z.maxLength(3)), 'abcd', 'Must be at most 3 characters'],
    ['a text of the wrong length', z.string().check(z.length(4)), 'abc', 'Must be exactly 4 characters'],
    ['a small number', z.number().check(z.gte(1)), 0, 'Must be at least 1'],
    ['a big number', z.number().check(z.lte(10)), 11, 'Must be at most 10'],
    ['a number that must be greater', z.number().check(z.gt(0)), 0, 'Must be greater than 0'],
    ['a number that must be less', z.number().check(z.lt(5)), 5, 'Must be less than 5'],
    ['too few items', z.array(z.string()).check(z.minLength(2)), ['a'], 'Must have at least 2 items'],
    ['too many items', z.array(z.string()).check(z.maxLength(1)), ['a', 'b'], 'Must have at most 1 item'],
    ['a text over one character', z.string().check(z.maxLength(1)), 'ab', 'Must be at most 1 character'],
    [
      'a date too early',
      z.date().check(z.gte(new Date('2026-01-01T00:00:00Z'))),
      new Date('2025-12-31T00:00:00Z'),
      'Must be on or after 2026-01-01T00:00:00.000Z',
    ],
  ])('%s', (_, schema, value, message) => {
    expect(messageOf(schema, value)).toBe(message);
  });

  it('leaves a message written on the schema alone', () => {
    expect(messageOf(z.string().check(z.minLength(3, 'Too short for a case title')), 'a')).toBe(
      'Too short for a case title',
    );
  });
});

describe("Zod's configuration", () => {
  it('never compiles a parser from a string (the Content Security Policy forbids eval)', () => {
    expect(z.config().jitless).toBe(true);
    expect(messageOf(z.object({ age: z.number() }), { age: 'x' })).toBe(texts.validationInvalidInput);
  });
});
