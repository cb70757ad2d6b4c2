// The one cursor of keyset pagination: pages sorted newest first on (created_at, id) continue after the
// position of their last row, handed to the client as an opaque text.
import { badRequest } from './errors.ts';

const INVALID_CURSOR = 'is not a cursor this server gave out';

export interface KeysetPosition {
  readonly createdAt: string;
  readonly id: string;
}

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`).toString('base64url');
}

/** The position a cursor names; 400 on the query's cursor field when the text is not one of ours. */
export function decodeCursor(text: string): KeysetPosition {
  const [createdAt, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (createdAt === undefined || id === undefined || rest.length > 0 || Number.isNaN(Date.parse(createdAt))) {
    throw badRequest([{ loc: ['query', 'cursor'], msg: INVALID_CURSOR }]);
  }
  return { createdAt, id };
}
