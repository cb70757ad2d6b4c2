// Errors meant for the caller: each leaves the server as `{ detail }` with its status (http/error-handler.ts).
// One factory per kind of problem, so that a status and its wording are chosen in one place.
import type { FieldProblem } from '../../generated/types.gen.ts';

export const INTERNAL_ERROR = 'Internal server error';
export const NOT_FOUND = 'Not found';
export const AUTHENTICATION_REQUIRED = 'Authentication required';
const REQUEST_BODY_REQUIRED = 'A request body is required';

export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: string | FieldProblem[];
  /**
   * What the log says instead of the detail, when the detail names a person (an e-mail address, a name) that
   * the caller may read but the logs must not keep: logs carry ids.
   */
  readonly logDetail: string | FieldProblem[] | undefined;

  constructor(statusCode: number, detail: string | FieldProblem[], logDetail?: string | FieldProblem[]) {
    super(typeof detail === 'string' ? detail : 'Invalid request');
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.detail = detail;
    this.logDetail = logDetail;
  }
}

/** 400: the request itself is wrong; field problems say where (`logDetail`: what the log keeps instead). */
export function badRequest(detail: string | FieldProblem[], logDetail?: string | FieldProblem[]): HttpError {
  return new HttpError(400, detail, logDetail);
}

/** 400: an operation that needs a body got none. */
export function requestBodyRequired(): HttpError {
  return badRequest(REQUEST_BODY_REQUIRED);
}

/** 401: no bearer token came with the request. */
export function authenticationRequired(): HttpError {
  return new HttpError(401, AUTHENTICATION_REQUIRED);
}

/** 401: a bearer token came, but it does not sign anyone in; the detail says why. */
export function invalidToken(detail: string): HttpError {
  return new HttpError(401, detail);
}

/** 403: the caller is known and may see the thing, but may not do this with it. */
export function forbidden(detail: string): HttpError {
  return new HttpError(403, detail);
}

/** 404: no such thing, or one the caller may not know exists. */
export function notFound(detail: string = NOT_FOUND): HttpError {
  return new HttpError(404, detail);
}

/** 409: the request is sound but the thing's state refuses it. */
export function conflict(detail: string): HttpError {
  return new HttpError(409, detail);
}

/** 415: the body is not of a type this operation accepts. */
export function unsupportedMediaType(detail: string): HttpError {
  return new HttpError(415, detail);
}

export const BODY_TOO_LARGE = 'The body is too large';

/** 413: the body is larger than the operation accepts (said as soon as its length, declared or counted, is). */
export function payloadTooLarge(): HttpError {
  return new HttpError(413, BODY_TOO_LARGE);
}

/** 429: too many requests (or event streams); Retry-After says when to try again. */
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number;

  constructor(detail: string, retryAfterSeconds: number) {
    super(429, detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function tooManyRequests(detail: string, retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(detail, retryAfterSeconds);
}
