// The server-sent event stream: a change reaches the streams of the users concerned through
// LISTEN/NOTIFY, on PGlite and on PostgreSQL, and only theirs.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case, CaseList, ServerEvent } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  ER_ADMIN,
  ER_STAFF,
  NEURO_2,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  RVG_DOCTOR,
  seedCasesDatabase,
  setOnCall,
  tokenFor,
} from './support/cases-app.ts';
import { loadSigningKey } from '../../server/src/identity/keys.ts';
import { forEachDatabase } from './support/databases.ts';

interface Stream {
  next(predicate: (event: ServerEvent) => boolean): Promise<ServerEvent>;
  received: ServerEvent[];
  close(): void;
  status: number;
  contentType: string | null;
}

async function openStream(app: FastifyInstance, userId: string | null): Promise<Stream> {
  const { port } = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/events`, {
    headers: userId === null ? {} : { authorization: `Bearer ${await tokenFor(app, userId)}` },
    signal: controller.signal,
  });
  const received: ServerEvent[] = [];
  const waiters: { predicate: (event: ServerEvent) => boolean; resolve: (event: ServerEvent) => void }[] = [];
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const data = buffer
              .slice(0, end)
              .split('\n')
              .find((line) => line.startsWith('data: '));
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (data === undefined) continue;
            const event = JSON.parse(data.slice(6)) as ServerEvent;
            received.push(event);
            for (const waiter of waiters.splice(0)) {
              if (waiter.predicate(event)) waiter.resolve(event);
              else waiters.push(waiter);
            }
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    received,
    next: (predicate) => {
      const already = received.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => {
        waiters.push({ predicate, resolve });
      });
    },
    close: () => {
      controller.abort();
    },
  };
}

forEachDatabase((_name, open) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const db = await open();
    await seedCasesDatabase(db);
    app = await buildCasesApp({ db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await setOnCall(db, 'spc_neurology', { primary: NEURO_PRIMARY, backup: null });
  });
  afterAll(async () => {
    await app.close();
  });

  it('pushes an offered case to the specialist’s stream and a receipt to the doctor’s, and nothing to others', async () => {
    const specialist = await openStream(app, NEURO_PRIMARY);
    const doctor = await openStream(app, DOCTOR);
    const bystander = await openStream(app, NEURO_2);
    expect(specialist.status).toBe(200);
    expect(specialist.contentType).toContain('text/event-stream');

    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    const offered = await specialist.next(
      (event) => event.type === 'notification' && event.caseId === created.id,
    );
    expect(offered).toMatchObject({
      type: 'notification',
      caseStatus: 'pending',
      notification: {
        kind: 'case_offered',
        caseDisplayNumber: created.displayNumber,
        author: { id: DOCTOR },
        readAt: null,
      },
    });
    // The offer carries the case as the specialist's case box lists it, so the box can show it at once.
    const box = await as(app, NEURO_PRIMARY).get<CaseList>('/cases?scope=offered');
    expect(offered.case).toEqual(box.body.items.find((item) => item.id === created.id));

    await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/receipts`, { kind: 'delivered' });
    expect(await doctor.next((event) => event.type === 'case' && event.caseId === created.id)).toEqual({
      type: 'case',
      caseId: created.id,
      caseStatus: 'pending',
    });
    await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`);
    const accepted = await doctor.next((event) => event.notification?.kind === 'case_accepted');
    expect(accepted).toMatchObject({ caseId: created.id, caseStatus: 'accepted' });
    // Not offered to the doctor: their notification names the case, it does not carry it.
    expect(accepted.case).toBeUndefined();
    expect(bystander.received.filter((event) => event.caseId === created.id)).toEqual([]);
    for (const stream of [specialist, doctor, bystander]) stream.close();
  });

  it('tells the ER staff of every change to their hospital’s cases (their live board), and no other hospital', async () => {
    const staff = await openStream(app, ER_STAFF);
    const admin = await openStream(app, ER_ADMIN);
    const elsewhere = await openStream(app, RVG_DOCTOR);
    const created = (
      await as(app, DOCTOR).post<Case>('/cases', neurologyCase(), { 'idempotency-key': newKey() })
    ).body;
    for (const stream of [staff, admin]) {
      expect(await stream.next((event) => event.caseId === created.id)).toEqual({
        type: 'case',
        caseId: created.id,
        caseStatus: 'pending',
      });
    }
    await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`);
    expect(
      await staff.next((event) => event.caseId === created.id && event.caseStatus === 'accepted'),
    ).toMatchObject({ type: 'case' });
    // The accept reached this server's streams; the other hospital's doctor heard of neither change.
    expect(elsewhere.received.filter((event) => event.caseId === created.id)).toEqual([]);
    for (const stream of [staff, admin, elsewhere]) stream.close();
  });

  it('refuses a stream without a token', async () => {
    const stream = await openStream(app, null);
    expect(stream.status).toBe(401);
  });

  it('ends the stream when the access token expires, and only then', async () => {
    // As tokenFor signs, but expiring in two to three seconds (exp is in whole seconds).
    const jwk = await loadSigningKey(app.db);
    const { identity } = app.config;
    const expiresAt = (Math.ceil(Date.now() / 1000) + 2) * 1000;
    const shortLived = await new SignJWT({ roles: ['specialist'], scope: identity.apiScope })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
      .setIssuer(identity.issuer)
      .setAudience(identity.apiAudience)
      .setSubject(NEURO_PRIMARY)
      .setIssuedAt()
      .setExpirationTime(expiresAt / 1000)
      .sign(await importJWK(jwk, 'RS256'));
    const { port } = app.server.address() as AddressInfo;
    const controller = new AbortController();
    const open = async (token: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/events`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body?.getReader();
      // Resolves with the time the server ended the stream; an abort (finally, below) rejects it.
      return (async () => {
        for (;;) {
          if (!reader || (await reader.read()).done) return Date.now();
        }
      })();
    };
    let timer: NodeJS.Timeout | undefined;
    try {
      const ended = open(shortLived);
      const lasting = open(await tokenFor(app, NEURO_PRIMARY));
      lasting.catch(() => undefined);
      // A generous bound: this checks that the stream ends, not how promptly.
      const endedAt = await Promise.race([
        ended,
        new Promise<null>((resolve) => {
          timer = setTimeout(() => {
            resolve(null);
          }, 10_000);
        }),
      ]);
      expect(endedAt, 'the stream outlived its token').not.toBeNull();
      // Not before the token expired: the stream was not ended for some other reason.
      expect(endedAt ?? 0).toBeGreaterThanOrEqual(expiresAt - 1000);
      // A token with minutes left keeps its stream.
      expect(await Promise.race([lasting, Promise.resolve('still open')])).toBe('still open');
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  });
});
