// A generated Zod schema made on first use, not when its module loads. The generated module defines a few
// hundred schemas; built at once they were one long task in the app's start-up, while a screen parses a
// handful. The build wraps each one (scripts/lazy-schemas-plugin.ts); this stands in for the schema and makes
// it when anything first reads, checks or changes it, so callers and Zod itself use it as the schema. It cannot
// be frozen or sealed (nothing does that to a schema here).
export function lazySchema<Schema extends object>(build: () => Schema): Schema {
  let schema: Schema | undefined;
  const made = (): Schema => (schema ??= build());
  return new Proxy({} as Schema, {
    // Read and written through the stand-in, as Zod's own proxies do: a method of the schema (check, clone,
    // register) then binds to the stand-in the module exports, not to the schema behind it.
    get: (_target, key, receiver) => Reflect.get(made(), key, receiver),
    set: (_target, key, value: unknown, receiver) => Reflect.set(made(), key, value, receiver),
    has: (_target, key) => Reflect.has(made(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(made(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(made(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      // The stand-in's own target has no such property: a proxy may not call it fixed.
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(made()),
  });
}
