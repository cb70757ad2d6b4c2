// The product's generic validation texts for every Zod schema, generated ones included. Schema-level messages
// still win over this map, so product-specific texts stay where their schema is written.
import * as z from 'zod/mini';
import { texts } from '../../config/texts.ts';

type Issue = z.core.$ZodRawIssue;

function bound(value: number | bigint): string {
  return String(value);
}

function characters(n: number | bigint): string {
  return `${bound(n)} ${n === 1 || n === 1n ? 'character' : 'characters'}`;
}

function items(n: number | bigint): string {
  return `${bound(n)} ${n === 1 || n === 1n ? 'item' : 'items'}`;
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const n = bound(issue.minimum);
  switch (issue.origin) {
    case 'string': {
      const c = characters(issue.minimum);
      if (issue.exact) return `Must be exactly ${c}`;
      // An empty text field is what a user sees as "not filled in".
      if (issue.minimum === 1 && issue.inclusive !== false) return texts.validationRequired;
      return issue.inclusive === false ? `Must be more than ${c}` : `Must be at least ${c}`;
    }
    case 'array':
    case 'set': {
      const i = items(issue.minimum);
      if (issue.exact) return `Must have exactly ${i}`;
      return issue.inclusive === false ? `Must have more than ${i}` : `Must have at least ${i}`;
    }
    case 'date':
      return `Must be on or after ${new Date(Number(issue.minimum)).toISOString()}`;
    default:
      return issue.inclusive === false ? `Must be greater than ${n}` : `Must be at least ${n}`;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const n = bound(issue.maximum);
  switch (issue.origin) {
    case 'string': {
      const c = characters(issue.maximum);
      if (issue.exact) return `Must be exactly ${c}`;
      return issue.inclusive === false ? `Must be less than ${c}` : `Must be at most ${c}`;
    }
    case 'array':
    case 'set': {
      const i = items(issue.maximum);
      if (issue.exact) return `Must have exactly ${i}`;
      return issue.inclusive === false ? `Must have fewer than ${i}` : `Must have at most ${i}`;
    }
    case 'date':
      return `Must be on or before ${new Date(Number(issue.maximum)).toISOString()}`;
    default:
      return issue.inclusive === false ? `Must be less than ${n}` : `Must be at most ${n}`;
  }
}

function invalidType(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined) return texts.validationRequired;
  if (issue.expected === 'number' && typeof issue.input === 'number' && !Number.isNaN(issue.input)) {
    return texts.validationNumberFinite;
  }
  if (issue.expected === 'date') return texts.validationInvalidDate;
  return texts.validationInvalidInput;
}

const DATE_FORMATS: ReadonlySet<string> = new Set(['date', 'datetime', 'time', 'duration']);

export const zodErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return DATE_FORMATS.has(issue.format) ? texts.validationInvalidDate : texts.validationInvalidInput;
    default:
      return texts.validationInvalidInput;
  }
};

let configured = false;

/**
 * Zod's one configuration for the whole app, set before any schema is used; later calls change nothing. The
 * error map gives those texts; `jitless` keeps Zod from compiling parsers with `new Function`, which
 * our Content Security Policy refuses.
 */
export function configureZod(): void {
  if (configured) return;
  z.config({ customError: zodErrorMap, jitless: true });
  configured = true;
}
