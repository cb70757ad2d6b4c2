// The contract, read once: routes, validation and the handler map all come from it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The contract as one document: `npm run generate` bundles openapi/ into it.
export const OPENAPI_FILE = resolve(import.meta.dirname, '../../generated/openapi.json');
export const API_PREFIX = '/api/v1';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface OperationObject {
  operationId?: string;
  requestBody?: { required?: boolean };
}

export interface OpenApiDocument {
  paths?: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], OperationObject>>>;
  [key: string]: unknown;
}

export interface Operation {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly bodyRequired: boolean;
}

let cached: OpenApiDocument | undefined;

export function loadOpenApiDocument(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument;
  return cached;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item[method];
      if (!operation) return [];
      return [
        {
          operationId: operation.operationId ?? `${method} ${path}`,
          method: method.toUpperCase(),
          path,
          bodyRequired: operation.requestBody?.required === true,
        },
      ];
    }),
  );
}
