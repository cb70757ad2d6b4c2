// What handlers reach through the request: the database and the configuration on request.server, and the
// signed-in caller the bearer security handler put on the request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, Caller } from '../auth/caller.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { authenticationRequired } from '../errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    readonly db: Database;
    readonly config: Config;
  }
}

export function decorateContext(app: FastifyInstance, context: { config: Config; db: Database }): void {
  app.decorate('db', context.db);
  app.decorate('config', context.config);
}

/** The signed-in caller; 401 when the operation's security handler set none. */
export function callerOf(request: FastifyRequest): Caller {
  const { caller } = request;
  if (!caller) throw authenticationRequired();
  return caller;
}

/** The signed-in caller and the address it called from (the audit trail keeps it). */
export function actorOf(request: FastifyRequest): Actor {
  return { caller: callerOf(request), address: request.ip };
}
