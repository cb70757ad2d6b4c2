// The build's step that makes the generated Zod schemas lazy: each `export const zName = …` of
// generated/zod.gen.ts becomes `lazySchema(() => …)`, marked pure, so a schema nothing imports is dropped and
// one that is imported is made on first use (src/lib/lazy-schema.ts). generated/ itself stays as the
// generator writes it.
import { resolve } from 'node:path';
import MagicString from 'magic-string';
import { type Plugin, parseSync } from 'vite';

const GENERATED_SCHEMAS = /[\\/]generated[\\/]zod\.gen\.ts$/;
const HELPER = resolve(import.meta.dirname, '../src/lib/lazy-schema.ts');

interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
}
interface Declarator extends Node {
  readonly id: Node & { readonly name?: string };
  readonly init: Node | null;
}
interface Statement extends Node {
  readonly declaration?: (Node & { readonly declarations?: readonly Declarator[] }) | null;
}

/** The generated module's code with every exported schema made lazy; undefined when it defines none. */
export function makeSchemasLazy(
  code: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | undefined {
  const parsed = parseSync('zod.gen.ts', code, { lang: 'ts' });
  // A module it cannot read is not left half-wrapped: the build stops and says so.
  if (parsed.errors.length > 0)
    throw new Error(`generated/zod.gen.ts does not parse: ${parsed.errors[0]?.message ?? 'unknown error'}`);
  const program = parsed.program as unknown as { body: readonly Statement[] };
  const text = new MagicString(code);
  let wrapped = 0;
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    for (const declarator of statement.declaration?.declarations ?? []) {
      const { init } = declarator;
      if (init === null || !declarator.id.name?.startsWith('z')) continue;
      text.prependLeft(init.start, '/* @__PURE__ */ __lazySchema(() => (');
      text.appendRight(init.end, '))');
      wrapped += 1;
    }
  }
  if (wrapped === 0) return undefined;
  text.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(HELPER)};\n`);
  return { code: text.toString(), map: text.generateMap({ hires: true }) };
}

export function lazySchemas(): Plugin {
  return {
    name: 'case-router-lazy-schemas',
    transform: {
      filter: { id: GENERATED_SCHEMAS },
      handler: (code, id) => (GENERATED_SCHEMAS.test(id) ? makeSchemasLazy(code) : undefined),
    },
  };
}
