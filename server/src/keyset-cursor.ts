// The cursors of keyset pagination: pages sorted newest first on (created_at, id) continue after the
// position of their last row, handed to the client as an opaque text. The attention order's cursor carries
// the row's rank and target time too, and each order refuses the other's cursor.
import { badRequest } from './errors.ts';

const INVALID_CURSOR = 'is not a cursor this server gave out';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}(:?\d{2})?)$/;
const ROW_ID = /^[A-Za-z0-9_-]{1,100}$/;

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
  // Only what encodeCursor writes: an ISO timestamp and a row id. Anything else (`1|x`) would reach the
  // database as a time it cannot read.
  if (
    createdAt === undefined ||
    id === undefined ||
    rest.length > 0 ||
    !TIMESTAMP.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    !ROW_ID.test(id)
  ) {
    throw badRequest([{ loc: ['query', 'cursor'], msg: INVALID_CURSOR }]);
  }
  return { createdAt, id };
}

/** A position in the attention order (domain/attention.ts): rank, target time, then (created_at, id). */
export interface AttentionPosition extends KeysetPosition {
  readonly rank: 0 | 1 | 2;
  readonly targetAt: string;
}

const ATTENTION_MARK = 'a';

export function encodeAttentionCursor(position: AttentionPosition): string {
  const { rank, targetAt, createdAt, id } = position;
  return Buffer.from([ATTENTION_MARK, rank, targetAt, createdAt, id].join('|')).toString('base64url');
}

/** The attention position a cursor names; 400 on the query's cursor field otherwise. */
export function decodeAttentionCursor(text: string): AttentionPosition {
  const [mark, rank, targetAt, createdAt, id, ...rest] = Buffer.from(text, 'base64url')
    .toString('utf8')
    .split('|');
  if (
    mark !== ATTENTION_MARK ||
    (rank !== '0' && rank !== '1' && rank !== '2') ||
    targetAt === undefined ||
    !TIMESTAMP.test(targetAt) ||
    Number.isNaN(Date.parse(targetAt)) ||
    createdAt === undefined ||
    !TIMESTAMP.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    id === undefined ||
    !ROW_ID.test(id) ||
    rest.length > 0
  ) {
    throw badRequest([{ loc: ['query', 'cursor'], msg: INVALID_CURSOR }]);
  }
  return { rank: Number(rank) as 0 | 1 | 2, targetAt, createdAt, id };
}
