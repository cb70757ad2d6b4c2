import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';
import { pathOf } from './http/url-path.ts';

// Logs carry ids, never clinical text: a URL's query (a search's `q=`, an upload's `fileName=`) is cut off,
// and an error keeps its kind, code and stack but none of what it was given (a query's parameters, a value
// the database quoted back).

interface LoggedRequest {
  readonly id?: unknown;
  readonly method?: unknown;
  readonly url?: unknown;
  readonly ip?: unknown;
}

/** A request as logged: method, path without its query, id, address. */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    id: request.id,
    method: request.method,
    url: typeof request.url === 'string' ? pathOf(request.url) : undefined,
    remoteAddress: request.ip,
  };
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
      censor: '[redacted]',
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
