// Request validation against the OpenAPI document (JSON Schema 2020-12, as OpenAPI 3.1 writes it).
// Fastify's default ajv coerces types and strips unknown fields everywhere; for bodies we want neither:
// a wrong type or an unknown field is the caller's mistake and answers 400. Query strings, path parameters
// and headers arrive as text, so those still coerce ("10" -> 10).
import { Ajv2020, type ErrorObject, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifySchemaCompiler, RouteOptions } from 'fastify';
import type { FieldProblem } from '../../../generated/types.gen.ts';
import { badRequest, requestBodyRequired, unsupportedMediaType } from '../errors.ts';

const shared: Options = {
  allErrors: true,
  useDefaults: true,
  removeAdditional: false,
  // OpenAPI adds keywords JSON Schema does not know (example, x-…): ignore them rather than refuse the document.
  strict: false,
  // The glue gives every operation's schema the same $id; keeping compiled schemas would make them collide.
  addUsedSchema: false,
};

function createAjv(options: Options): Ajv2020 {
  const ajv = new Ajv2020({ ...shared, ...options });
  // ajv-formats is CommonJS: under Node's ESM interop its function is also the default export's default.
  addFormats.default(ajv);
  return ajv;
}

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const bodies = createAjv({ coerceTypes: false });
  const texts = createAjv({ coerceTypes: 'array' });
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodies : texts).compile(schema as object);
}

const LOCATIONS: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function decodePointer(segment: string): string | number {
  const text = segment.replace(/~1/g, '/').replace(/~0/g, '~');
  return /^\d+$/.test(text) ? Number(text) : text;
}

// An answer's own bounds (the Error and FieldProblem schemas): a refusal listing more, or longer, would fail
// to serialise and answer 500 instead of the 400 it is.
const MAX_PROBLEMS = 100;
const MAX_LOC_DEPTH = 32;
const MAX_LOC_TEXT = 200;
const MAX_LOC_INDEX = 100_000;
const MAX_MESSAGE = 500;

/** The text, cut to max characters with an ellipsis when longer. */
export const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function bounded(problem: FieldProblem): FieldProblem {
  return {
    loc: problem.loc
      .slice(0, MAX_LOC_DEPTH)
      .map((part) =>
        typeof part === 'number' ? (part <= MAX_LOC_INDEX ? part : String(part)) : clip(part, MAX_LOC_TEXT),
      ),
    msg: clip(problem.msg, MAX_MESSAGE),
  };
}

/** A refused request's problems as its answer lists them: at most 100, the last saying how many more. */
export function toFieldProblems(context: string, errors: readonly ErrorObject[]): FieldProblem[] {
  const problems = errors.map((error) => bounded(toFieldProblem(context, error)));
  if (problems.length <= MAX_PROBLEMS) return problems;
  const shown = problems.slice(0, MAX_PROBLEMS - 1);
  return [
    ...shown,
    { loc: [LOCATIONS[context] ?? context], msg: `and ${problems.length - shown.length} more problems` },
  ];
}

/** One ajv error as a FieldProblem: loc like ["body", "email"], msg in words. */
function toFieldProblem(context: string, error: ErrorObject): FieldProblem {
  const loc: (string | number)[] = [LOCATIONS[context] ?? context];
  for (const segment of error.instancePath.split('/').slice(1)) loc.push(decodePointer(segment));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params['missingProperty'] === 'string') {
    loc.push(params['missingProperty']);
    return { loc, msg: 'is required' };
  }
  if (error.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    loc.push(params['additionalProperty']);
    return { loc, msg: 'is not an accepted field' };
  }
  return { loc, msg: error.message ?? 'is invalid' };
}

interface BodyRule {
  readonly mediaTypes: readonly string[];
  readonly required: boolean;
}

/**
 * Fastify validates a body only when its content type is one the schema lists: any other parsable type
 * (text/plain) or no body at all would reach the handler unchecked. This closes that gap for every route
 * with a body schema.
 */
export function enforceBodyContentTypes(app: FastifyInstance, requiredBodies: ReadonlySet<string>): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as
      { body?: { content?: Record<string, unknown> }; operationId?: string } | undefined;
    const content = schema?.body?.content;
    if (!content) return;
    const rule: BodyRule = {
      mediaTypes: Object.keys(content),
      required: schema.operationId !== undefined && requiredBodies.has(schema.operationId),
    };
    const check = (request: { mediaType: string | undefined }): Promise<void> => {
      if (request.mediaType === undefined) {
        return rule.required ? Promise.reject(requestBodyRequired()) : Promise.resolve();
      }
      if (!rule.mediaTypes.includes(request.mediaType)) {
        return Promise.reject(unsupportedMediaType(`Content-Type must be ${rule.mediaTypes.join(' or ')}`));
      }
      return Promise.resolve();
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [check] : [...[existing].flat(), check];
  });
}

const NUL_MESSAGE = 'must not contain the NUL character';

/** The first string under `value` holding a NUL character, as the path to it; undefined when none does. */
function nulPath(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulPath(item, [...path, index]);
      if (found) return found;
    }
  } else if (
    value !== null &&
    typeof value === 'object' &&
    !Buffer.isBuffer(value) &&
    !(value instanceof Readable)
  ) {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(key, [...path, key]) ?? nulPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * No text the API accepts holds a NUL character (PostgreSQL refuses it in text): a query, path or body string
 * with one answers 400 naming the field, before validation and the handler.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts = [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const;
    for (const [location, value] of parts) {
      const path = nulPath(value);
      if (path) {
        done(badRequest([{ loc: [location, ...path], msg: NUL_MESSAGE }]));
        return;
      }
    }
    done();
  });
}
