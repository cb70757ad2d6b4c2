// The one error type every failed request becomes (seed §3 "Api error": message, status, data).

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

interface FieldProblem {
  msg: string;
}

function isFieldProblem(value: unknown): value is FieldProblem {
  return typeof value === 'object' && value !== null && typeof (value as { msg?: unknown }).msg === 'string';
}

/** The readable text of a `detail` field: a string as is, a list of field problems joined. */
export function detailMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return null;
  const detail = body.detail;
  if (typeof detail === 'string' && detail !== '') return detail;
  if (Array.isArray(detail)) {
    const messages = detail.filter(isFieldProblem).map((problem) => problem.msg);
    if (messages.length > 0) return messages.join('; ');
  }
  return null;
}

/**
 * Seed §8: the message is the detail field, else status and status text, else the body text.
 * HTTP/2 answers carry no status text, which is when the body text is used.
 */
export function errorMessageFor(status: number, statusText: string, body: unknown): string {
  const detail = detailMessage(body);
  if (detail !== null) return detail;
  if (statusText !== '') return `${status} ${statusText}`;
  if (typeof body === 'string' && body !== '') return body;
  return String(status);
}
