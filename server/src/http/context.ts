// What every handler reaches through request.server: the database and the configuration.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';

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
