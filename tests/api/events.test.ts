// The server-sent event stream: a change reaches the streams of the users concerned through
// LISTEN/NOTIFY, on PGlite and on PostgreSQL, and only theirs.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Case, ServerEvent } from '../../generated/types.gen.ts';
import {
  as,
  buildCasesApp,
  DOCTOR,
  NEURO_2,
  NEURO_PRIMARY,
  neurologyCase,
  newKey,
  seedCasesDatabase,
  setOnCall,
  tokenFor,
} from './cases-support.ts';
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

    await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/receipts`, { kind: 'delivered' });
    expect(await doctor.next((event) => event.type === 'case' && event.caseId === created.id)).toEqual({
      type: 'case',
      caseId: created.id,
      caseStatus: 'pending',
    });
    await as(app, NEURO_PRIMARY).post(`/cases/${created.id}/accept`);
    const accepted = await doctor.next((event) => event.notification?.kind === 'case_accepted');
    expect(accepted).toMatchObject({ caseId: created.id, caseStatus: 'accepted' });
    expect(bystander.received.filter((event) => event.caseId === created.id)).toEqual([]);
    for (const stream of [specialist, doctor, bystander]) stream.close();
  });

  it('refuses a stream without a token', async () => {
    const stream = await openStream(app, null);
    expect(stream.status).toBe(401);
  });
});
