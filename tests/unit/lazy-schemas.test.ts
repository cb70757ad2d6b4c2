// The generated Zod schemas are made on first use: the build wraps each one, and the stand-in behaves as the
// schema itself for the app, for Zod (composition, extension, checks) and for the form resolver.
import { readFileSync } from 'node:fs';
import { types } from 'node:util';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import * as examples from '../../generated/examples.gen.ts';
import * as schemas from '../../generated/zod.gen.ts';
import { makeSchemasLazy } from '../../scripts/lazy-schemas-plugin.ts';
import { lazySchema } from '../../src/lib/lazy-schema.ts';

const ADDRESS = { street: 'Blackshaw Road', beds: 3 };

function counted<Schema extends object>(build: () => Schema) {
  const made = { count: 0 };
  const schema = lazySchema(() => {
    made.count += 1;
    return build();
  });
  return { schema, made };
}

const zAddress = () => z.object({ street: z.string().check(z.maxLength(40)), beds: z.int().check(z.gte(0)) });

describe('a lazy schema', () => {
  it('is made on first use, once', () => {
    const { schema, made } = counted(zAddress);
    expect(made.count).toBe(0);
    expect(schema.parse(ADDRESS)).toEqual(ADDRESS);
    expect(schema.safeParse({ ...ADDRESS, beds: -1 }).success).toBe(false);
    expect(made.count).toBe(1);
  });

  it('refuses what the schema refuses, with the same issues', () => {
    const { schema } = counted(zAddress);
    const bad = { street: 'x'.repeat(41), beds: 1.5 };
    expect(schema.safeParse(bad).error?.issues).toEqual(zAddress().safeParse(bad).error?.issues);
  });

  it('composes, extends and checks as the schema does', async () => {
    const { schema: address } = counted(zAddress);
    const { schema: ward } = counted(() => z.object({ name: z.string(), address, rooms: z.array(address) }));
    const value = { name: 'Atkinson Morley', address: ADDRESS, rooms: [ADDRESS] };
    expect(ward.parse(value)).toEqual(value);
    expect(ward.safeParse({ ...value, rooms: [{ street: 1 }] }).error?.issues[0]?.path).toEqual([
      'rooms',
      0,
      'street',
    ]);
    const extended = z.extend(address, { floor: z.int() });
    expect(extended.parse({ ...ADDRESS, floor: 2 })).toEqual({ ...ADDRESS, floor: 2 });
    expect(z.optional(address).parse(undefined)).toBeUndefined();
    expect(address.check(z.refine((a) => a.beds > 5)).safeParse(ADDRESS).success).toBe(false);
    await expect(address.parseAsync(ADDRESS)).resolves.toEqual(ADDRESS);
    expect(address).toBeInstanceOf(z.core.$ZodType);
    expect('_zod' in address).toBe(true);
    // Looked at as an object, it is the schema: its keys, its descriptors, its prototype.
    const real = zAddress();
    expect(Object.keys(address)).toEqual(expect.arrayContaining(Object.keys(real)));
    expect(Object.entries(address).map(([key]) => key)).toEqual(Object.keys(address));
    expect(Object.getPrototypeOf(address)).toBe(Object.getPrototypeOf(real));
    expect(Object.getOwnPropertyDescriptor(address, '_zod')?.configurable).toBe(true);
    // Its methods bind to the stand-in: a checked copy's parent is the exported schema.
    expect(address.check(z.refine(() => true))._zod.parent).toBe(address);
  });

  it('serves the form resolver', async () => {
    const { schema } = counted(zAddress);
    const resolve = zodResolver(schema);
    const options = { fields: {}, shouldUseNativeValidation: false };
    const good = await resolve(ADDRESS, undefined, options);
    expect(good.errors).toEqual({});
    const bad = await resolve({ street: '', beds: -2 }, undefined, options);
    expect(Object.keys(bad.errors)).toEqual(['beds']);
  });
});

describe('the build step', () => {
  const source = readFileSync('generated/zod.gen.ts', 'utf8');

  it('wraps every exported schema of the generated module, as pure, and leaves the rest', () => {
    const declared = source.match(/^export const z\w+ = /gm) ?? [];
    const lazy = makeSchemasLazy(source);
    expect(declared.length).toBeGreaterThan(100);
    expect(lazy?.code.match(/= \/\* @__PURE__ \*\/ __lazySchema\(\(\) => \(/g)).toHaveLength(declared.length);
    expect(() => makeSchemasLazy('export const zBroken = z.object({')).toThrow(/does not parse/);
    expect(makeSchemasLazy("import * as z from 'zod/mini';\nexport const limit = 3;\n")).toBeUndefined();
  });

  it('is what the app imports: every schema with an example is lazy and accepts its example', () => {
    const withExamples = Object.entries(examples).flatMap(([name, example]) => {
      const schemaName = `z${name[0]?.toUpperCase()}${name.slice(1).replace(/Example$/, '')}`;
      const schema = (schemas as Record<string, z.ZodMiniType | undefined>)[schemaName];
      return schema === undefined ? [] : [{ schemaName, schema, example: (example as () => unknown)() }];
    });
    expect(withExamples.length).toBeGreaterThan(20);
    for (const { schemaName, schema, example } of withExamples) {
      expect(types.isProxy(schema), schemaName).toBe(true);
      expect(schema.safeParse(example).error?.issues, schemaName).toBeUndefined();
    }
  });
});
