// The ER's live board: each waiting case says to whom it is offered (name and step), and the board follows
// the event stream: a `case` event refetches the lists, so a handover shows without a reload.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handleGetCoverage, handleListCases, handleStreamEvents } from '../../generated/msw.gen.ts';
import type { CaseSummary, ServerEvent } from '../../generated/types.gen.ts';
import { examples, renderApp } from '../support/harness.tsx';

const encoder = new TextEncoder();

describe('the ER live board', () => {
  it('shows to whom each waiting case is offered, and follows a handover from the event stream', async () => {
    const base = examples.caseList().items[0] as CaseSummary;
    let offeredTo: CaseSummary['offeredTo'] = [
      { specialist: { id: 'usr_anna', displayName: 'Dr Anna Berg' }, step: 'primary' },
    ];
    const escalated: CaseSummary = {
      ...base,
      id: 'cas_escalated',
      displayNumber: 'SGH-000200',
      status: 'escalated',
      routingStep: 'backup',
      offeredTo: [
        { specialist: { id: 'usr_anna', displayName: 'Dr Anna Berg' }, step: 'primary' },
        { specialist: { id: 'usr_carl', displayName: 'Dr Carl Moe' }, step: 'backup' },
      ],
    };
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
    await renderApp(
      '/emergency-room/',
      'emergency_room',
      handleGetCoverage({
        body: {
          timeZone: 'Europe/London',
          from: base.createdAt,
          to: base.createdAt,
          specialties: [],
          switchboardPhone: null,
        },
      }),
      handleListCases(({ request }) => {
        const status = new URL(request.url).searchParams.getAll('status');
        const items = [
          ...(status.includes('pending') ? [{ ...base, offeredTo }] : []),
          ...(status.includes('escalated') ? [escalated] : []),
        ];
        return Response.json({ items, nextCursor: null });
      }),
      handleStreamEvents(
        () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start: (controller) => {
                stream = controller;
              },
            }),
            { headers: { 'Content-Type': 'text/event-stream' } },
          ),
      ),
    );

    const pending = await screen.findByRole('listitem', { name: `Case ${base.displayNumber}` });
    expect(within(pending).getByText('Offered to Dr Anna Berg (on-call primary)')).toBeInTheDocument();
    const second = await screen.findByRole('listitem', { name: 'Case SGH-000200' });
    expect(
      within(second).getByText('Offered to Dr Anna Berg (on-call primary); Dr Carl Moe (on-call backup)'),
    ).toBeInTheDocument();

    // A handover moved the offer; the server tells the ER's streams that the case changed.
    offeredTo = [{ specialist: { id: 'usr_boris', displayName: 'Dr Boris Lund' }, step: 'primary' }];
    const event: ServerEvent = { type: 'case', caseId: base.id, caseStatus: 'pending' };
    expect(stream).toBeDefined();
    stream?.enqueue(encoder.encode(`event: case\ndata: ${JSON.stringify(event)}\n\n`));
    expect(
      await within(pending).findByText('Offered to Dr Boris Lund (on-call primary)'),
    ).toBeInTheDocument();
  });
});
