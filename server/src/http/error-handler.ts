// The one error handler: every error leaves as { detail } with its status. 4xx say what the caller did
// wrong; a 5xx is logged in full and answers only "Internal server error".
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { SecurityError } from 'fastify-openapi-glue';
import type { FieldProblem } from '../../../generated/types.gen.ts';
import {
  AUTHENTICATION_REQUIRED,
  BODY_TOO_LARGE,
  HttpError,
  INTERNAL_ERROR,
  NOT_FOUND,
  TooManyRequestsError,
} from '../errors.ts';
import { withoutEmailAddresses } from '../logger.ts';
import { lingerOnClose } from './lingering-close.ts';
import { pathOf } from './url-path.ts';
import { clip, toFieldProblems } from './validation.ts';

interface Answer {
  readonly status: number;
  readonly detail: string | FieldProblem[];
  /** What the log keeps of the detail (ids, never a person's e-mail address or name). */
  readonly logged?: string | FieldProblem[];
}

// Fastify's own 4xx messages are written for people already; these read better for an API caller.
const FASTIFY_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but Content-Type says application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: BODY_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This Content-Type is not accepted',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
};

// The glue exports SecurityError only as a type, so it is recognised by its shape.
function isSecurityError(error: unknown): error is SecurityError {
  return (
    error instanceof Error && error.name === 'Unauthorized' && Array.isArray((error as SecurityError).errors)
  );
}

// A detail is at most 2000 characters, as the Error schema says.
const MAX_DETAIL = 2000;

function answerFor(error: unknown): Answer {
  if (error instanceof HttpError) {
    return { status: error.statusCode, detail: error.detail, logged: error.logDetail ?? error.detail };
  }
  if (isSecurityError(error)) {
    // The glue wraps what the bearer handler threw: pass on its status and detail when it was ours.
    // Anything else it threw (the database failing while keys or the user were read) is our fault, not a
    // reason to sign the caller out.
    const cause = error.errors.find((inner) => inner instanceof HttpError);
    if (cause) return { status: cause.statusCode, detail: cause.detail };
    if (error.errors.some((inner) => inner instanceof Error)) return { status: 500, detail: INTERNAL_ERROR };
    return { status: 401, detail: AUTHENTICATION_REQUIRED };
  }
  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    const context = fastifyError.validationContext ?? 'body';
    return { status: 400, detail: toFieldProblems(context, fastifyError.validation) };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = fastifyError.code === undefined ? undefined : FASTIFY_DETAILS[fastifyError.code];
    return { status, detail: known ?? clip(fastifyError.message ?? 'Bad request', MAX_DETAIL) };
  }
  return { status: 500, detail: INTERNAL_ERROR };
}

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const answer = answerFor(error);
  if (answer.status >= 500) {
    const causes = isSecurityError(error) ? error.errors : [];
    request.log.error({ err: error, causes }, 'request failed');
  } else {
    // Logs carry ids: a detail written for the caller may name the address they typed.
    request.log.info(
      { status: answer.status, detail: withoutEmailAddresses(answer.logged ?? answer.detail) },
      'request rejected',
    );
  }
  if (error instanceof TooManyRequestsError)
    void reply.header('retry-after', String(error.retryAfterSeconds));
  // Refused before its body was read (an anonymous or oversized upload, a case the caller may not attach to):
  // the connection closes after the answer, rather than Node reading the rest of the body to reuse it; what
  // still arrives is dropped for a moment, so that a client still sending gets the answer, not a reset.
  // Over HTTP/2 only that request's stream ends; the connection and the page's other requests go on.
  if (!request.raw.complete && request.raw.httpVersionMajor === 1) {
    lingerOnClose(request.raw);
    void reply.header('connection', 'close');
  }
  void reply.code(answer.status).send({ detail: answer.detail });
}

function patternFor(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Installs the error handler and the not-found handler. An unknown API path is a JSON 404; a known path
 * with another method is a 405 naming the allowed ones; anything else goes to the fallback (the SPA's
 * index.html for deep links) and is a JSON 404 when the fallback declines.
 */
export function installErrorHandling(app: FastifyInstance, fallback?: NotFoundFallback): void {
  const apiRoutes: { pattern: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    apiRoutes.push({ pattern: patternFor(route.url), methods: [route.method].flat() });
  });

  app.setErrorHandler(handleError);
  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request.url);
    if (path.startsWith('/api/')) {
      const allowed = [
        ...new Set(apiRoutes.filter((route) => route.pattern.test(path)).flatMap((route) => route.methods)),
      ];
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send({ detail: `Method ${request.method} is not allowed here` });
      }
    } else if (fallback && (await fallback(request, reply))) {
      return reply;
    }
    return reply.code(404).send({ detail: NOT_FOUND });
  });
}
