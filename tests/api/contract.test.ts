// A route cannot exist outside the contract, and no operation of the contract may lack its handler: both
// directions, for the handler map, for the module of each tag, and for the routes the app serves.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFERENCE_ROUTES } from '../../server/src/http/api-reference/api-reference.ts';
import { handlers } from '../../server/src/handlers/index.ts';
import { API_PREFIX, loadOpenApiDocument, operationsOf } from '../../server/src/openapi.ts';
import { buildTestApp } from './support/app.ts';

const HANDLERS_DIR = join(import.meta.dirname, '../../server/src/handlers');

const document = loadOpenApiDocument();
const operations = operationsOf(document);
const operationIds = operations.map((operation) => operation.operationId);

/** Each operation's tag, read from the document (operationsOf does not carry it). */
function tagsByOperation(): Map<string, string> {
  const tags = new Map<string, string>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item) as { operationId?: string; tags?: string[] }[]) {
      const [tag, ...more] = operation.tags ?? [];
      if (operation.operationId === undefined || tag === undefined) continue;
      expect(more, `${operation.operationId} has one tag`).toEqual([]);
      tags.set(operation.operationId, tag);
    }
  }
  return tags;
}

/** The routes the app serves, from Fastify's printed route tree: "METHOD /path" each. */
function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${parents[depth - 1] ?? ''}${match[2] ?? ''}`;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter((name) => name !== '')) {
      routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

describe('the OpenAPI document and the handlers', () => {
  it('reads the operations of the document', () => {
    expect(operationIds).toContain('getHealth');
  });

  it('has a handler for every operation', () => {
    const missing = operationIds.filter(
      (id) => typeof (handlers as Record<string, unknown>)[id] !== 'function',
    );
    expect(missing).toEqual([]);
  });

  it('has no handler without an operation', () => {
    const strays = Object.keys(handlers).filter((id) => !operationIds.includes(id));
    expect(strays).toEqual([]);
  });

  it('keeps each handler in the module of its operation’s tag, and a module for every tag alone', async () => {
    const tags = tagsByOperation();
    expect([...tags.keys()].sort()).toEqual([...operationIds].sort());
    const modules = readdirSync(HANDLERS_DIR)
      .filter((file) => file !== 'index.ts')
      .map((file) => file.replace(/\.ts$/, ''));
    expect(modules.sort()).toEqual([...new Set(tags.values())].sort());
    for (const tag of modules) {
      const exported = Object.entries(
        (await import(join(HANDLERS_DIR, `${tag}.ts`))) as Record<string, unknown>,
      );
      const maps = exported.filter(([name]) => name.endsWith('Handlers'));
      expect(
        maps.map(([name]) => name),
        `handlers/${tag}.ts`,
      ).toHaveLength(1);
      const served = Object.keys(maps[0]?.[1] as Record<string, unknown>).sort();
      const declared = [...tags]
        .filter(([, of]) => of === tag)
        .map(([id]) => id)
        .sort();
      expect(served, `handlers/${tag}.ts`).toEqual(declared);
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

    const declared = operations.map(
      (operation) => `${operation.method} ${API_PREFIX}${operation.path.replace(/\{(\w+)\}/g, ':$1')}`,
    );

    it('serves every operation at its path under /api/v1', () => {
      for (const route of declared) {
        const [method = '', url = ''] = route.split(' ');
        expect(app.hasRoute({ method, url }), route).toBe(true);
      }
    });

    it('serves nothing under /api/ that the document does not declare', () => {
      const served = servedRoutes(app);
      // The reading of the route tree itself: it finds every declared route.
      expect(served).toEqual(expect.arrayContaining(declared));
      // HEAD comes with every GET.
      const undeclared = served.filter(
        (route) =>
          route.split(' ')[1]?.startsWith('/api/') &&
          !route.startsWith('HEAD ') &&
          !declared.includes(route) &&
          // The reference page for people, beside the API: it serves the document, it is no operation.
          !API_REFERENCE_ROUTES.includes(route),
      );
      expect(undeclared).toEqual([]);
    });
  });
});
