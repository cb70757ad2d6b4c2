// The one error type every failed request becomes (message, status, data).
import type { FieldProblem } from '../../../generated/types.gen.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, status: number, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/** The field problems of an error body's `detail` list; each has its message, and its place when it names one. */
export function fieldProblems(body: unknown): FieldProblem[] {
  if (typeof body !== 'object' || body === null || !('detail' in body) || !Array.isArray(body.detail))
    return [];
  return (body.detail as unknown[]).flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { loc, msg } = entry as { loc?: unknown; msg?: unknown };
    if (typeof msg !== 'string') return [];
    return [{ loc: Array.isArray(loc) ? (loc as FieldProblem['loc']) : [], msg }];
  });
}

/** The readable text of a `detail` field: a string as is, a list of field problems joined. */
export function detailMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return null;
  const detail = body.detail;
  if (typeof detail === 'string' && detail !== '') return detail;
  const messages = fieldProblems(body).map((problem) => problem.msg);
  return messages.length > 0 ? messages.join('; ') : null;
}

/**
 * The message is the detail field, else status and status text, else the body text.
 * HTTP/2 answers carry no status text, which is when the body text is used.
 */
export function errorMessageFor(status: number, statusText: string, body: unknown): string {
  const detail = detailMessage(body);
  if (detail !== null) return detail;
  if (statusText !== '') return `${status} ${statusText}`;
  if (typeof body === 'string' && body !== '') return body;
  return String(status);
}
