// Requests Node refuses before Fastify sees them (headers too large, a request that never finishes arriving,
// bytes that are not HTTP) still leave as { detail }, like every other error of the API.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { dropIfOnClosingConnection } from './lingering-close.ts';

const ANSWERS: Record<string, { readonly status: number; readonly detail: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, detail: 'The request took too long to arrive; send it again' },
  HPE_HEADER_OVERFLOW: { status: 431, detail: 'The request headers are too large' },
  // body-idle.ts: a body that stopped arriving.
  ERR_BODY_IDLE: { status: 408, detail: 'The request body stopped arriving; send the request again' },
};
const NOT_HTTP = { status: 400, detail: 'The request is not valid HTTP' };

/** Fastify's clientErrorHandler (called with the instance as `this`): a JSON problem, then the connection closes. */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger },
  error: Error & { code?: string },
  socket: Duplex,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (error.code === undefined ? undefined : ANSWERS[error.code]) ?? NOT_HTTP;
  this.log.info({ status: answer.status, code: error.code }, 'request refused before routing');
  if (socket.writable) {
    const body = JSON.stringify({ detail: answer.detail });
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the path is too long',
  FST_ERR_BAD_URL: 'The URL is not valid',
};

/** Fastify's frameworkErrors: the router's own refusals (a path part too long, a bad URL) as { detail }. */
export function frameworkErrors(
  error: Error & { code?: string; statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // These skip the hooks: a request on a connection told it is closing is dropped here too, unanswered.
  if (dropIfOnClosingConnection(request, reply)) return;
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  const detail = (error.code === undefined ? undefined : FRAMEWORK_DETAILS[error.code]) ?? 'Bad request';
  void reply.code(status).send({ detail });
}
