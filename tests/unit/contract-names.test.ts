// Property and parameter names in the contract are camelCase, the language of both ends; the sign-up payload
// keeps the snake_case names its clients were written against, and headers keep HTTP's own spelling. A new
// schema or operation that mixes the two fails here.
import { describe, expect, it } from 'vitest';
import { readContract } from '../support/contract-validator.ts';

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;
/** The sign-up payload and its contact details: their names are fixed by the clients that send them. */
const SNAKE_CASE_SCHEMAS = new Set(['SignupRequest', 'ContactInfo']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every property name under a node, with where it was found. */
function propertyNames(node: unknown, where: string, found: string[]): string[] {
  if (Array.isArray(node)) {
    node.forEach((entry, index) => propertyNames(entry, `${where}/${index}`, found));
  } else if (isObject(node)) {
    const { properties } = node;
    if (isObject(properties)) for (const name of Object.keys(properties)) found.push(`${where}: ${name}`);
    for (const [key, value] of Object.entries(node)) propertyNames(value, `${where}/${key}`, found);
  }
  return found;
}

const document = readContract() as unknown as {
  components: { schemas: Record<string, unknown>; parameters?: Record<string, { name: string; in: string }> };
  paths: Record<string, Record<string, { parameters?: { name?: string; in?: string }[] }>>;
};

const lastName = (entry: string) => entry.slice(entry.lastIndexOf(': ') + 2);

describe('names in the contract', () => {
  it('are camelCase in every schema but the sign-up payload', () => {
    const names = Object.entries(document.components.schemas)
      .filter(([schema]) => !SNAKE_CASE_SCHEMAS.has(schema))
      .flatMap(([schema, node]) => propertyNames(node, schema, []));
    expect(names.length).toBeGreaterThan(100);
    expect(names.filter((entry) => !CAMEL_CASE.test(lastName(entry)))).toEqual([]);
  });

  it('are camelCase in every operation, request and answer bodies and query and path parameters alike', () => {
    const names = propertyNames(document.paths, 'paths', []);
    const parameters = [
      ...Object.values(document.components.parameters ?? {}),
      ...Object.values(document.paths).flatMap((item) =>
        Object.values(item).flatMap((operation) => (isObject(operation) ? (operation.parameters ?? []) : [])),
      ),
    ].filter((parameter) => parameter.in !== 'header' && parameter.name !== undefined);
    expect(parameters.length).toBeGreaterThan(10);
    expect(names.filter((entry) => !CAMEL_CASE.test(lastName(entry)))).toEqual([]);
    expect(
      parameters.map((parameter) => parameter.name).filter((name) => !CAMEL_CASE.test(name ?? '')),
    ).toEqual([]);
  });
});
