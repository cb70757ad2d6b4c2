// Validates values against the bundled contract (generated/openapi.json) with the same JSON Schema 2020-12
// dialect and formats as the server's request validation: the contract's examples and the mock fixtures are
// checked by it, so that neither can drift from the document.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export interface OpenApiDocument {
  info: { version: string };
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, unknown>;
    examples?: Record<string, { value?: unknown; description?: string; summary?: string }>;
    responses?: Record<string, unknown>;
  };
}

const DOCUMENT_ID = 'contract';

export function readContract(path = 'generated/openapi.json'): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

/** A JSON pointer segment, escaped. */
export function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export interface ContractValidator {
  /** Problems of the value against the schema at the pointer of the document (e.g. `/components/schemas/Case`). */
  problems(pointer: string, value: unknown): string[];
}

function describeError(error: ErrorObject): string {
  return `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'}`;
}

export function createContractValidator(document: OpenApiDocument = readContract()): ContractValidator {
  // OpenAPI adds keywords JSON Schema does not know (example, discriminator…): ignored, as the server does.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  return {
    problems(pointer, value) {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
        compiled.set(pointer, validate);
      }
      return validate(value) ? [] : (validate.errors ?? []).map(describeError);
    },
  };
}

/** The pointer of a named schema of the contract. */
export function schemaPointer(name: string): string {
  return `/components/schemas/${pointerSegment(name)}`;
}
