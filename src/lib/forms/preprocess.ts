// Zod Mini has no `z.preprocess`: the same thing, a transform of the raw input piped into the schema.
import * as z from 'zod/mini';

export function preprocess<U extends z.core.$ZodType>(
  fn: (value: unknown) => unknown,
  schema: U,
): z.ZodMiniPipe<z.ZodMiniTransform, U> {
  return z.pipe<z.ZodMiniTransform, U>(z.transform(fn), schema);
}
