import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

/** The server's logger: JSON lines, never a bearer token, cookie or password. */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
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
  });
}
