// A route cannot exist outside the contract, and no operation of the contract may lack its handler.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlers } from '../../server/src/handlers/index.ts';
import { API_PREFIX, loadOpenApiDocument, operationsOf } from '../../server/src/openapi.ts';
import { buildTestApp } from './support/app.ts';

const operations = operationsOf(loadOpenApiDocument());

describe('the OpenAPI document and the handlers', () => {
  it('reads the operations of the document', () => {
    expect(operations.map((operation) => operation.operationId)).toContain('getHealth');
  });

  it('has a handler for every operation, and no handler without an operation', () => {
    const operationIds = operations.map((operation) => operation.operationId).sort();
    expect(Object.keys(handlers).sort()).toEqual(operationIds);
    for (const id of operationIds) {
      expect(typeof (handlers as Record<string, unknown>)[id], id).toBe('function');
    }
  });

  describe('the app', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp();
    });
    afterAll(async () => {
      await app.close();
    });

    it('serves every operation at its path under /api/v1', () => {
      for (const operation of operations) {
        const url = `${API_PREFIX}${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;
        expect(app.hasRoute({ method: operation.method, url }), `${operation.method} ${url}`).toBe(true);
      }
    });
  });
});
