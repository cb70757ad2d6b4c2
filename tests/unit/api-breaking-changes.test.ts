// The breaking-change check of `npm test` (scripts/check-breaking-changes.ts): a client built against the last
// released document keeps working, or the major version says it will not.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkCompatibility,
  compareVersions,
  CURRENT_DOCUMENT,
  latestRelease,
} from '../../scripts/check-breaking-changes.ts';

interface Schema {
  type?: string;
  enum?: string[];
  required?: string[];
  maxLength?: number;
  properties?: Record<string, Schema>;
  [keyword: string]: unknown;
}

interface Operation {
  parameters?: unknown[];
  [field: string]: unknown;
}

type Document = {
  info: { title?: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
} & Record<string, unknown>;

function schemaOf(
  document: Document,
  name: string,
): Required<Pick<Schema, 'properties' | 'required'>> & Schema {
  const schema = document.components.schemas[name];
  if (!schema) throw new Error(`no schema ${name}`);
  schema.properties ??= {};
  schema.required ??= [];
  return schema as Required<Pick<Schema, 'properties' | 'required'>> & Schema;
}

/** A small API of one read and one write, as the rules need it. */
function released(): Document {
  return {
    openapi: '3.1.0',
    info: { title: 'Case Router API', version: '1.0.0' },
    paths: {
      '/cases': {
        get: {
          operationId: 'listCases',
          parameters: [{ name: 'status', in: 'query', schema: { $ref: '#/components/schemas/CaseStatus' } }],
          responses: {
            '200': {
              description: 'The cases.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/CaseSummary' } } },
            },
          },
        },
      },
      '/cases/{caseId}/messages': {
        post: {
          operationId: 'postMessage',
          parameters: [
            { name: 'caseId', in: 'path', required: true, schema: { type: 'string', maxLength: 100 } },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/MessageCreate' } } },
          },
          responses: { '201': { description: 'Posted.' } },
        },
      },
    },
    components: {
      schemas: {
        CaseStatus: { type: 'string', enum: ['pending', 'accepted', 'closed'] },
        CaseSummary: {
          type: 'object',
          required: ['id', 'urgency'],
          properties: {
            id: { type: 'string', maxLength: 100 },
            urgency: { type: 'string', enum: ['emergent', 'urgent', 'routine'] },
            ageYears: { type: 'integer', minimum: 0, maximum: 130 },
          },
        },
        MessageCreate: {
          type: 'object',
          required: ['body'],
          properties: { body: { type: 'string', maxLength: 4000 } },
        },
      },
    },
  };
}

function changed(change: (document: Document) => void, version?: string): Document {
  const document = structuredClone(released());
  change(document);
  if (version !== undefined) document.info.version = version;
  return document;
}

const breakingEdits: Record<string, (document: Document) => void> = {
  'a removed operation': (document) => {
    delete document.paths['/cases/{caseId}/messages'];
  },
  'a removed property of a response': (document) => {
    delete schemaOf(document, 'CaseSummary').properties['ageYears'];
  },
  'a narrowed type': (document) => {
    schemaOf(document, 'MessageCreate').properties['body'] = { type: 'string', maxLength: 200 };
  },
  'a narrowed enum of a parameter': (document) => {
    schemaOf(document, 'CaseStatus').enum = ['pending', 'accepted'];
  },
  'a new required field of a request': (document) => {
    const schema = schemaOf(document, 'MessageCreate');
    schema.properties['topic'] = { type: 'string', maxLength: 100 };
    schema.required.push('topic');
  },
  'a new required parameter': (document) => {
    document.paths['/cases']?.['get']?.parameters?.push({
      name: 'ward',
      in: 'query',
      required: true,
      schema: { type: 'string', maxLength: 50 },
    });
  },
};

describe('the breaking-change check', () => {
  it('passes the released document against itself', () => {
    const verdict = checkCompatibility(released(), released());
    expect(verdict).toMatchObject({ ok: true, breaking: [] });
  });

  it('passes additions: a new operation, a new optional request field, a new response property', () => {
    const verdict = checkCompatibility(
      released(),
      changed((document) => {
        document.paths['/health'] = {
          get: { operationId: 'getHealth', responses: { '200': { description: 'Up.' } } },
        };
        schemaOf(document, 'MessageCreate').properties['urgent'] = { type: 'boolean' };
        schemaOf(document, 'CaseSummary').properties['ward'] = { type: 'string', maxLength: 50 };
      }, '1.1.0'),
    );
    expect(verdict).toMatchObject({ ok: true, breaking: [] });
  });

  it('passes a required property added to a response and a tighter bound on what the server sends', () => {
    const verdict = checkCompatibility(
      released(),
      changed((document) => {
        const summary = schemaOf(document, 'CaseSummary');
        summary.properties['ward'] = { type: 'string', maxLength: 50 };
        summary.required.push('ward');
        const urgency = summary.properties['urgency'];
        if (urgency) urgency['minLength'] = 1;
      }, '1.1.0'),
    );
    expect(verdict).toMatchObject({ ok: true, breaking: [] });
  });

  it.each(Object.entries(breakingEdits))('fails on %s within the same major version', (_name, edit) => {
    const verdict = checkCompatibility(released(), changed(edit, '1.1.0'));
    expect(verdict.ok).toBe(false);
    expect(verdict.breaking.length).toBeGreaterThan(0);
    expect(verdict.reason).toContain('2.0.0');
  });

  it.each(Object.entries(breakingEdits))('lets %s through when the major version went up', (_name, edit) => {
    const verdict = checkCompatibility(released(), changed(edit, '2.0.0'));
    expect(verdict.ok).toBe(true);
    expect(verdict.breaking.length).toBeGreaterThan(0);
  });

  it('fails when the version goes back', () => {
    expect(
      checkCompatibility(
        changed(() => undefined, '1.2.0'),
        released(),
      ).ok,
    ).toBe(false);
  });

  it('orders versions as numbers, not as text', () => {
    expect(['1.10.0', '1.2.0', '0.9.1'].sort(compareVersions)).toEqual(['0.9.1', '1.2.0', '1.10.0']);
  });
});

describe('the contract against its last release', () => {
  const releasePath = latestRelease();
  const current = JSON.parse(readFileSync(CURRENT_DOCUMENT, 'utf8')) as Document;

  it('keeps a released document in the repository', () => {
    expect(releasePath).toMatch(/^openapi\/releases\/\d+\.\d+\.\d+\.json$/);
  });

  it('fails on a deliberately broken copy of the current document', () => {
    const release = JSON.parse(readFileSync(releasePath ?? '', 'utf8')) as Document;
    const broken = structuredClone(current);
    delete broken.paths['/cases/{caseId}/accept'];
    delete schemaOf(broken, 'CaseSummary').properties['urgency'];
    const verdict = checkCompatibility(release, broken);
    expect(verdict.ok).toBe(false);
    expect(verdict.breaking.map((change) => change.path)).toEqual(
      expect.arrayContaining([expect.stringContaining('/cases/{caseId}/accept')]),
    );
  });
});
