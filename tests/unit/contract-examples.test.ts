// Every operation and schema of the contract says what it is and shows it with a realistic example, and every
// example validates against its schema: readers of the API reference see cases that read like real ER
// consults, and the mock fixtures built from the examples stay valid.
import { describe, expect, it } from 'vitest';
import {
  createContractValidator,
  pointerSegment,
  readContract,
  schemaPointer,
} from '../support/contract-validator.ts';

const document = readContract();
const validator = createContractValidator(document);
const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'];

type Json = Record<string, unknown>;

interface MediaType {
  readonly where: string;
  readonly pointer: string;
  readonly media: Json;
}

interface Operation {
  readonly operationId: string;
  readonly pointer: string;
  readonly operation: Json;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object a local $ref names, with its pointer; the object itself otherwise. */
function resolve(value: Json, pointer: string): { value: Json; pointer: string } {
  const ref = value['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return { value, pointer };
  const target = ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, segment) => (isObject(node) ? node[segment.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
      document,
    );
  if (!isObject(target)) throw new Error(`${pointer}: ${ref} names nothing`);
  return resolve(target, ref.slice(1));
}

function operations(): Operation[] {
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      found.push({
        operationId: String(operation['operationId']),
        pointer: `/paths/${pointerSegment(path)}/${method}`,
        operation,
      });
    }
  }
  return found;
}

function mediaTypes(): MediaType[] {
  const found: MediaType[] = [];
  const collect = (where: string, owner: { value: Json; pointer: string }) => {
    const content = owner.value['content'];
    if (!isObject(content)) return;
    for (const [type, media] of Object.entries(content)) {
      if (isObject(media)) {
        found.push({
          where: `${where} ${type}`,
          pointer: `${owner.pointer}/content/${pointerSegment(type)}`,
          media,
        });
      }
    }
  };
  for (const { operationId, pointer, operation } of operations()) {
    const body = operation['requestBody'];
    if (isObject(body)) collect(`${operationId} request`, resolve(body, `${pointer}/requestBody`));
    for (const [status, response] of Object.entries(operation['responses'] as Json)) {
      if (isObject(response)) {
        collect(
          `${operationId} ${status}`,
          resolve(response, `${pointer}/responses/${pointerSegment(status)}`),
        );
      }
    }
  }
  return found;
}

/** Bytes (an image, a PDF) have no example to show in a document. */
function isBinary(media: Json): boolean {
  const schema = media['schema'];
  return isObject(schema) && schema['format'] === 'binary';
}

/** The examples a media type shows, its own or its schema's, each with the name it goes by. */
function examplesOf({ media, pointer }: MediaType): { name: string; value: unknown }[] {
  const found: { name: string; value: unknown }[] = [];
  if ('example' in media) found.push({ name: 'example', value: media['example'] });
  const named = media['examples'];
  if (isObject(named)) {
    for (const [name, example] of Object.entries(named)) {
      if (isObject(example))
        found.push({ name, value: resolve(example, `${pointer}/examples/${name}`).value['value'] });
    }
  }
  const schema = media['schema'];
  if (found.length === 0 && isObject(schema)) {
    const resolved = resolve(schema, `${pointer}/schema`).value;
    if ('example' in resolved) found.push({ name: 'schema example', value: resolved['example'] });
  }
  return found;
}

/** Every schema node under a component schema, with its pointer (properties, items, allOf…). */
function* schemaNodes(schema: unknown, pointer: string): Generator<{ node: Json; pointer: string }> {
  if (!isObject(schema)) return;
  yield { node: schema, pointer };
  const properties = schema['properties'];
  if (isObject(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      yield* schemaNodes(property, `${pointer}/properties/${pointerSegment(name)}`);
    }
  }
  for (const key of ['items', 'additionalProperties', 'not']) {
    yield* schemaNodes(schema[key], `${pointer}/${key}`);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems']) {
    const list = schema[key];
    if (Array.isArray(list)) {
      for (const [index, item] of list.entries()) yield* schemaNodes(item, `${pointer}/${key}/${index}`);
    }
  }
}

/** The names of the component schemas a value of the contract refers to, and those they refer to in turn. */
function referencedSchemas(start: unknown, into = new Set<string>()): Set<string> {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (isObject(value)) {
      const ref = value['$ref'];
      if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
        const name = ref.slice('#/components/schemas/'.length);
        if (!into.has(name)) {
          into.add(name);
          visit(document.components.schemas[name]);
        }
      }
      for (const [key, child] of Object.entries(value))
        if (key !== 'example' && key !== 'examples') visit(child);
    }
  };
  visit(start);
  return into;
}

describe('the contract describes every operation and schema', () => {
  it('gives every operation a summary and a description', () => {
    const missing = operations()
      .filter(({ operation }) => !operation['description'] || !operation['summary'])
      .map(({ operationId }) => operationId);
    expect(missing).toEqual([]);
  });

  it('gives every schema a description', () => {
    const missing = Object.entries(document.components.schemas)
      .filter(([, schema]) => !isObject(schema) || typeof schema['description'] !== 'string')
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});

describe('the contract shows every request and response with an example', () => {
  const all = mediaTypes();

  it('finds the request and response bodies of the document', () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it('has an example for every request and response body that is not bytes', () => {
    const missing = all.filter((media) => !isBinary(media.media) && examplesOf(media).length === 0);
    expect(missing.map(({ where }) => where)).toEqual([]);
  });

  it('illustrates every schema: by an example of its own, or inside the example of a body that uses it', () => {
    const illustrated = new Set<string>();
    for (const media of all) {
      if (examplesOf(media).length > 0) referencedSchemas(media.media['schema'], illustrated);
    }
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      if (isObject(schema) && ('example' in schema || 'examples' in schema)) illustrated.add(name);
    }
    const missing = Object.keys(document.components.schemas).filter((name) => !illustrated.has(name));
    expect(missing).toEqual([]);
  });
});

describe('every example of the contract validates against its schema', () => {
  const bodies = mediaTypes().flatMap((media) =>
    examplesOf(media).map((example) => ({
      ...example,
      where: media.where,
      pointer: `${media.pointer}/schema`,
    })),
  );

  it.each(bodies.map((body) => [`${body.where} (${body.name})`, body] as const))('%s', (_name, body) => {
    expect(validator.problems(body.pointer, body.value)).toEqual([]);
  });

  it('validates the examples written into the schemas themselves', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      for (const { node, pointer } of schemaNodes(schema, schemaPointer(name))) {
        const values = [
          ...('example' in node ? [node['example']] : []),
          ...(Array.isArray(node['examples']) ? (node['examples'] as unknown[]) : []),
        ];
        for (const value of values) {
          checked += 1;
          problems.push(...validator.problems(pointer, value).map((problem) => `${pointer}: ${problem}`));
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('shows realistic values, never a placeholder such as "string"', () => {
    const placeholders: string[] = [];
    const visit = (value: unknown, where: string): void => {
      if (typeof value === 'string' && /^(string|example|test|foo|bar|lorem ipsum)$/i.test(value)) {
        placeholders.push(`${where}: ${value}`);
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => {
          visit(item, `${where}/${index}`);
        });
      } else if (isObject(value)) {
        for (const [key, child] of Object.entries(value)) visit(child, `${where}/${key}`);
      }
    };
    for (const body of bodies) visit(body.value, `${body.where} (${body.name})`);
    expect(placeholders).toEqual([]);
  });
});
