import type { FieldProblem } from '../../generated/types.gen.ts';

/** An error meant for the caller: it leaves the server as `{ detail }` with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: string | FieldProblem[];

  constructor(statusCode: number, detail: string | FieldProblem[]) {
    super(typeof detail === 'string' ? detail : 'Invalid request');
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.detail = detail;
  }
}
