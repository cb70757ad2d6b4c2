// Who is calling: set on the request by the bearer security handler, read by every handler.
export interface Caller {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly string[];
  readonly hospitalSystemId: string;
  readonly hospitalId: string | null;
  readonly specialtyTypes: readonly string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}
