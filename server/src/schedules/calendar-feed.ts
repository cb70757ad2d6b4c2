// A specialist's own shifts: listed on their case box page, and published as an iCalendar (RFC 5545) feed
// behind an unguessable address that a new one, or a revoke, stops.
import { createHash, randomBytes } from 'node:crypto';
import type { Shift } from '../../../generated/types.gen.ts';
import type { Caller } from '../auth/caller.ts';
import type { Queryable } from '../db/database.ts';
import { forbidden, notFound } from '../errors.ts';
import {
  deleteCalendarFeed,
  findCalendarFeedUser,
  replaceCalendarFeed,
} from './calendar-feeds-repository.ts';
import { hospitalTimeZone, listShiftRowsOf, type ShiftRow } from './shifts-repository.ts';
import { toShifts } from './shifts.ts';

const DAY = 86_400_000;
const UPCOMING_DAYS = 28;
const FEED_PAST_DAYS = 28;
const FEED_AHEAD_DAYS = 90;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The caller's shifts (as primary or backup) from now to 28 days ahead. */
export async function listMyShifts(db: Queryable, caller: Caller): Promise<Shift[]> {
  const now = Date.now();
  const window = { start: now, end: now + UPCOMING_DAYS * DAY };
  const rows = await listShiftRowsOf(db, caller.id, new Date(window.start), new Date(window.end));
  const zone = caller.hospitalId === null ? 'UTC' : await hospitalTimeZone(db, caller.hospitalId);
  return toShifts(db, rows, zone, window);
}

/** A new feed address for the caller (a specialist); the old one stops working. */
export async function createCalendarFeed(db: Queryable, caller: Caller, apiBase: string): Promise<string> {
  if (!caller.roles.includes('specialist'))
    throw forbidden('Only specialists have on-call shifts to subscribe to');
  const token = `cal_${randomBytes(32).toString('base64url')}`;
  await replaceCalendarFeed(db, caller.id, hashOf(token));
  return `${apiBase}/public/calendars/${token}`;
}

export function revokeCalendarFeed(db: Queryable, caller: Caller): Promise<void> {
  return deleteCalendarFeed(db, caller.id);
}

/** RFC 5545 text: escaped commas, semicolons, backslashes and line breaks. */
function text(value: string): string {
  return value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

/** RFC 5545 lines are folded at 75 octets; continuation lines start with a space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');

/**
 * The calendar as RFC 5545 text. Without a METHOD, each event's DTSTAMP is the time its shift last changed
 * (RFC 5545 3.8.7.2), so that the same shifts give the same text on every fetch.
 */
export function toICalendar(rows: readonly ShiftRow[], userId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Case Router//On-call shifts//EN',
    'CALSCALE:GREGORIAN',
  ];
  lines.push('X-WR-CALNAME:On call');
  for (const row of rows) {
    const role = row.primary_id === userId ? 'primary' : 'backup';
    lines.push(
      'BEGIN:VEVENT',
      `UID:${row.id}-${role}@case-router`,
      `DTSTAMP:${stamp(new Date(row.updated_at).toISOString())}`,
      `DTSTART:${stamp(row.starts_at)}`,
      `DTEND:${stamp(row.ends_at)}`,
      fold(`SUMMARY:${text(`On call: ${row.specialty_name} (${role})`)}`),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** A strong validator of the feed's text: phones that poll send it back and download nothing new. */
export const calendarETag = (calendar: string) =>
  `"${createHash('sha256').update(calendar).digest('base64url').slice(0, 32)}"`;

/** Whether an If-None-Match header names the current validator (a list, or `*`). */
export function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/** The feed behind a token; 404 for a token unknown or revoked. */
export async function readCalendarFeed(db: Queryable, token: string): Promise<string> {
  const userId = await findCalendarFeedUser(db, hashOf(token));
  if (userId === undefined)
    throw notFound('Calendar not found: the address may have been replaced or revoked');
  const now = new Date();
  const rows = await listShiftRowsOf(
    db,
    userId,
    new Date(now.getTime() - FEED_PAST_DAYS * DAY),
    new Date(now.getTime() + FEED_AHEAD_DAYS * DAY),
  );
  return toICalendar(rows, userId);
}
