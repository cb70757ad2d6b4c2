import { randomUUID } from 'node:crypto';

/** A new row id: a prefix naming what it identifies (cas, off, msg...), then a random UUID's hex digits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replace(/-/g, '')}`;
}
