import { pino, type Logger } from 'pino';
import type { FieldProblem } from '../../generated/types.gen.ts';
import type { LogLevel } from './config.ts';
import { pathOf } from './http/url-path.ts';

// Logs carry ids, never clinical text: a URL's query (a search's `q=`, an upload's `fileName=`) is cut off,
// and an error keeps its kind, code and stack but none of what it was given (a query's parameters, a value
// the database quoted back). Nor secrets or people: a path segment that is a credential (a calendar feed's
// token) is redacted, and e-mail addresses in a refusal's detail are replaced.

interface LoggedRequest {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly url?: unknown;
  readonly ip?: unknown;
}

const REDACTED = '[redacted]';

// Path segments that are credentials: whoever reads them can use them. The segment after `calendars` (a
// feed's token, however the path is spelled or encoded), and any segment shaped as a feed token.
const SECRET_AFTER = new Set(['calendars']);
const SECRET_SEGMENT = /^cal_/i;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path as logged: no query, and every secret segment redacted. */
export function loggedPath(url: string): string {
  const segments = pathOf(url).split('/');
  return segments
    .map((segment, index) => {
      const previous = index > 0 ? decoded(segments[index - 1] ?? '').toLowerCase() : '';
      if (segment !== '' && (SECRET_AFTER.has(previous) || SECRET_SEGMENT.test(decoded(segment)))) {
        return REDACTED;
      }
      return segment;
    })
    .join('/');
}

/** A request as logged: method, path without its query or secrets, id, address. */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    id: request.id,
    method: request.method,
    url: typeof request.url === 'string' ? loggedPath(request.url) : undefined,
    remoteAddress: request.ip,
  };
}

const EMAIL_ADDRESS = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+/g;

/** A refusal's detail as logged: every e-mail address replaced (the log names people by id). */
export function withoutEmailAddresses(detail: string | FieldProblem[]): string | FieldProblem[] {
  if (typeof detail === 'string') return detail.replace(EMAIL_ADDRESS, '[email]');
  return detail.map((problem) => ({ ...problem, msg: problem.msg.replace(EMAIL_ADDRESS, '[email]') }));
}

type LoggedError = Error & Record<string, unknown>;

// A database error (pg, PGlite) names its SQLSTATE and where it came from; its message and detail may quote
// the values it refused ("Key (mrn)=(…) already exists"), and PGlite's carries the query and its parameters.
function isDatabaseError(error: LoggedError): boolean {
  return typeof error['severity'] === 'string' || 'params' in error || 'query' in error;
}

/** An error as logged: for a database error only its code, routine and constraint; else message and stack. */
export function serializeError(value: unknown): Record<string, unknown> {
  if (!(value instanceof Error)) return { type: typeof value };
  const error = value as LoggedError;
  const type = error.constructor.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  if (isDatabaseError(error)) {
    return {
      type,
      code: error['code'],
      routine: error['routine'],
      constraint: error['constraint'],
      table: error['table'],
      stack: frames.join('\n'),
    };
  }
  return {
    type,
    message: error.message,
    code: error['code'],
    stack: frames.join('\n'),
    ...(error.cause === undefined ? {} : { cause: serializeError(error.cause) }),
  };
}

/** The server's logger: JSON lines, never a bearer token, cookie, password, query string or SQL parameter. */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    serializers: {
      req: serializeRequest,
      err: serializeError,
      causes: (causes: unknown) => (Array.isArray(causes) ? causes.map(serializeError) : []),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.password',
      ],
      censor: REDACTED,
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
