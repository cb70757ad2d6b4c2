// Every operation of the bundled contract, given bad input: no token, a NUL character, strings past their
// maxLength, body strings, arrays and numbers just past their bounds, wrong types, broken JSON, a wrong
// content type. Nothing answers 5xx, and every 4xx carries a
// detail. Operations added to the contract are covered without a change here.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseList } from '../../generated/types.gen.ts';
import { loadOpenApiDocument } from '../../server/src/openapi.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  HOSPITAL_ADMIN,
  NEURO_PRIMARY,
  seedCasesDatabase,
  tokenFor,
} from './support/cases-app.ts';
import { openTestPglite } from './support/databases.ts';

type Json = Record<string, unknown>;
interface Parameter {
  readonly name: string;
  readonly in: 'query' | 'path' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly schema?: Json;
}
interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly parameters: Parameter[];
  readonly secured: boolean;
  readonly jsonExample: unknown;
  readonly jsonSchema: Json | undefined;
  readonly mediaTypes: string[];
  readonly streams: boolean;
}

const document = loadOpenApiDocument() as Json;

function resolve(node: unknown): Json {
  let current = node as Json;
  while (typeof current['$ref'] === 'string') {
    current = current['$ref']
      .slice(2)
      .split('/')
      .reduce<Json>((into, key) => into[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, document);
  }
  return current;
}

function operations(): Operation[] {
  const paths = document['paths'] as Record<string, Json>;
  return Object.entries(paths).flatMap(([path, item]) =>
    ['get', 'post', 'put', 'patch', 'delete'].flatMap((method) => {
      const operation = item[method] as Json | undefined;
      if (!operation) return [];
      const parameters = [
        ...((item['parameters'] as unknown[] | undefined) ?? []),
        ...((operation['parameters'] as unknown[] | undefined) ?? []),
      ].map((parameter) => {
        const resolved = resolve(parameter) as unknown as Parameter;
        return { ...resolved, ...(resolved.schema ? { schema: resolve(resolved.schema) } : {}) };
      });
      const content = (resolve(operation['requestBody'] ?? {})['content'] ?? {}) as Record<string, Json>;
      const examples = (content['application/json']?.['examples'] ?? {}) as Record<string, unknown>;
      const first = Object.values(examples)[0];
      const responses = operation['responses'] as Record<string, unknown>;
      const ok = resolve(responses['200'] ?? {});
      return [
        {
          operationId: operation['operationId'] as string,
          method: method.toUpperCase(),
          path,
          parameters,
          secured: !Array.isArray(operation['security']) || (operation['security'] as unknown[]).length > 0,
          jsonExample: first === undefined ? undefined : resolve(first)['value'],
          jsonSchema: content['application/json']?.['schema'] as Json | undefined,
          mediaTypes: Object.keys(content),
          streams: Object.keys(ok['content'] ?? {}).includes('text/event-stream'),
        },
      ];
    }),
  );
}

/** Values a parameter of this schema should refuse (or at least survive): NUL, too long, wrong type. */
function badValues(schema: Json | undefined): string[] {
  const maxLength = typeof schema?.['maxLength'] === 'number' ? schema['maxLength'] : 1000;
  return ['with\u0000nul', 'x'.repeat(maxLength + 1), 'not-a-number', '-1', '99999999999999999999', ''];
}

function badBodies(example: unknown): unknown[] {
  const bodies: unknown[] = [[], 'text', 12, null, {}];
  if (example !== null && typeof example === 'object' && !Array.isArray(example)) {
    for (const key of Object.keys(example)) {
      for (const value of ['with\u0000nul', 'x'.repeat(10_001), 12_345, -1, true, null, {}, [], [{}]]) {
        bodies.push({ ...example, [key]: value });
      }
    }
  }
  return bodies;
}

/**
 * The example with each bounded property just past its bound: a string one character over its maxLength, an
 * array one item over its maxItems (copies of its first item, and of an empty object that breaks every rule of
 * an item, so that the problems outnumber what an answer may list), a number one past its maximum.
 */
function pastBounds(example: unknown, schemaNode: Json | undefined): unknown[] {
  if (example === null || typeof example !== 'object' || Array.isArray(example) || !schemaNode) return [];
  const properties = (resolve(schemaNode)['properties'] ?? {}) as Record<string, Json>;
  const bodies: unknown[] = [];
  for (const [key, node] of Object.entries(properties)) {
    const schema = resolve(node);
    const current = (example as Json)[key];
    if (typeof schema['maxLength'] === 'number')
      bodies.push({ ...example, [key]: 'x'.repeat(schema['maxLength'] + 1) });
    if (typeof schema['maxItems'] === 'number') {
      const over = schema['maxItems'] + 1;
      const item: unknown = Array.isArray(current) && current.length > 0 ? (current[0] as unknown) : 'x';
      bodies.push({ ...example, [key]: Array.from({ length: over }, () => item) });
      bodies.push({ ...example, [key]: Array.from({ length: over }, () => ({})) });
    }
    if (typeof schema['maximum'] === 'number') bodies.push({ ...example, [key]: schema['maximum'] + 1 });
  }
  return bodies;
}

interface Refusal {
  readonly request: string;
  readonly status: number;
  readonly body: string;
}

describe('bad input to every operation of the contract', () => {
  let app: FastifyInstance;
  let caseId: string;
  const tokens = new Map<string, string>();
  beforeAll(async () => {
    const db = await openTestPglite();
    await seedCasesDatabase(db);
    app = await buildCasesApp({
      db,
      env: { RATE_LIMIT_PER_USER: '1000000', RATE_LIMIT_PER_ADDRESS: '1000000' },
    });
    for (const user of [DOCTOR, NEURO_PRIMARY, HOSPITAL_ADMIN]) tokens.set(user, await tokenFor(app, user));
    const listed = await as(app, DOCTOR).get<CaseList>('/cases?limit=1');
    caseId = listed.body.items[0]?.id ?? 'cas_missing';
  });
  afterAll(async () => {
    await app.close();
  });

  async function check(options: InjectOptions, problems: Refusal[]): Promise<void> {
    const response = await app.inject(options);
    const text = response.body;
    let detail: unknown;
    try {
      detail = (JSON.parse(text) as { detail?: unknown }).detail;
    } catch {
      detail = undefined;
    }
    const hasDetail = (typeof detail === 'string' || Array.isArray(detail)) && detail.length > 0;
    if (response.statusCode >= 500 || (response.statusCode >= 400 && !hasDetail)) {
      problems.push({
        request: `${options.method ?? 'GET'} ${typeof options.url === 'string' ? options.url : ''}`,
        status: response.statusCode,
        body: text.slice(0, 200),
      });
    }
  }

  for (const operation of operations()) {
    it(`${operation.operationId}: no 5xx, every 4xx with a detail`, async () => {
      const problems: Refusal[] = [];
      const pathWith = (name: string, value: string) =>
        operation.path.replace(`{${name}}`, encodeURIComponent(value));
      const validPath = operation.parameters
        .filter((parameter) => parameter.in === 'path')
        .reduce(
          (path, parameter) =>
            path.replace(`{${parameter.name}}`, parameter.name === 'caseId' ? caseId : 'att_x'),
          operation.path,
        );
      const headers = (user: string | null): Record<string, string> => ({
        ...(user === null ? {} : { authorization: `Bearer ${tokens.get(user) ?? ''}` }),
        'idempotency-key': `key-${Math.random().toString(36).slice(2)}`,
      });
      const url = (path: string, query = '') => `/api/v1${path}${query}`;
      const body = operation.jsonExample === undefined ? undefined : JSON.stringify(operation.jsonExample);
      const withBody = (payload: string | undefined, type = 'application/json') =>
        payload === undefined ? {} : { payload, headers: { 'content-type': type } };

      if (operation.secured) {
        await check({ method: operation.method, url: url(validPath), ...withBody(body) }, problems);
      }
      // A stream answers 200 and stays open: only its refusals are tried.
      const users = operation.streams ? [] : [DOCTOR, NEURO_PRIMARY, HOSPITAL_ADMIN];
      for (const user of users) {
        const call = async (path: string, query: string, payload?: string, type?: string, extra = {}) => {
          const sent = withBody(payload, type);
          await check(
            {
              method: operation.method,
              url: url(path, query),
              headers: { ...headers(user), ...sent.headers, ...extra },
              ...(sent.payload === undefined ? {} : { payload: sent.payload }),
            },
            problems,
          );
        };
        for (const parameter of operation.parameters) {
          for (const value of badValues(parameter.schema)) {
            if (parameter.in === 'path') await call(pathWith(parameter.name, value), '', body);
            if (parameter.in === 'query') {
              await call(validPath, `?${parameter.name}=${encodeURIComponent(value)}`, body);
              await call(validPath, `?${parameter.name}=a&${parameter.name}=b`, body);
            }
            if (parameter.in === 'header' && !value.includes('\u0000')) {
              await call(validPath, '', body, undefined, { [parameter.name.toLowerCase()]: value });
            }
          }
        }
        if (operation.mediaTypes.includes('application/json')) {
          await call(validPath, '', '{"broken": ');
          await call(validPath, '', 'plain words', 'text/plain');
          await call(validPath, '', '<xml/>', 'application/xml');
          for (const bad of badBodies(operation.jsonExample)) await call(validPath, '', JSON.stringify(bad));
          for (const bad of pastBounds(operation.jsonExample, operation.jsonSchema)) {
            await call(validPath, '', JSON.stringify(bad));
          }
        } else if (operation.mediaTypes.length > 0) {
          await call(validPath, '?fileName=a.txt', 'not an image', 'image/jpeg');
          await call(validPath, '?fileName=a.txt', '{}', 'application/json');
        } else if (operation.method === 'POST') {
          await call(validPath, '', '{"unexpected": true}');
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
