// Who is calling: set on the request by the bearer security handler, read by every handler.
export interface Caller {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly string[];
  readonly hospitalSystemId: string;
  readonly hospitalId: string | null;
  readonly specialtyTypes: readonly string[];
  /**
   * When the access token expires (ms since the epoch), for what outlives the request (the event stream).
   * Absent when the token carries no exp, and in callers made up outside a request (benchmarks).
   */
  readonly expiresAt?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** Who asked, and from where (the audit trail keeps the address). */
export interface Actor {
  readonly caller: Caller;
  readonly address: string | null;
}
