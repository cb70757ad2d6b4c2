import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { handleListCases } from '../../generated/msw.gen.ts';
import type { CaseSummary } from '../../generated/types.gen.ts';
import { doctor, examples, renderApp } from '../support/harness.tsx';

function secondsOf(text: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = text.split(':').map(Number);
  return hours * 3600 + minutes * 60 + seconds;
}

describe('the ER doctor case list', () => {
  it('shows my cases with status, urgency and timers that count each second, and loads more', async () => {
    const first = examples.caseList().items[0] as CaseSummary;
    const doorTime = new Date(Date.now() - 10 * 60_000).toISOString();
    const targetDueAt = new Date(Date.now() + 3 * 60_000).toISOString();
    const createdAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const older: CaseSummary = { ...first, id: 'cas_older', displayNumber: 'SGH-000099', urgency: 'routine' };
    const queries: URLSearchParams[] = [];
    const user = userEvent.setup();

    await renderApp(
      '/emergency-room/doctor/cases/',
      doctor,
      handleListCases(({ request }) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return Response.json(
          query.get('cursor') === 'page-2'
            ? { items: [older], nextCursor: null }
            : { items: [{ ...first, doorTime, createdAt, targetDueAt }], nextCursor: 'page-2' },
        );
      }),
    );

    const card = await screen.findByRole('listitem', { name: 'Case SGH-000123' });
    expect(within(card).getByRole('link', { name: 'SGH-000123' })).toHaveAttribute(
      'href',
      '/emergency-room/doctor/cases/cas_01J9Z3K8Q4',
    );
    expect(within(card).getByText('Emergent')).toBeInTheDocument();
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText('Sudden left-sided weakness and slurred speech')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New case' })).toHaveAttribute(
      'href',
      '/emergency-room/doctor/cases/new',
    );
    expect(queries[0]?.get('scope')).toBe('mine');
    expect(queries[0]?.getAll('status')).toEqual(['pending', 'escalated', 'accepted', 'responded']);

    const sinceDoor = within(card).getByRole('timer', { name: /Time since door/ });
    const left = within(card).getByRole('timer', { name: /Time left to target/ });
    expect(secondsOf(sinceDoor.textContent)).toBeGreaterThanOrEqual(600);
    const leftBefore = secondsOf(left.textContent);
    expect(leftBefore).toBeLessThanOrEqual(180);
    // The countdown ticks on its own: wait for the text to move, as a reader would.
    await waitFor(
      () => {
        expect(secondsOf(left.textContent)).toBeLessThan(leftBefore);
      },
      { timeout: 5_000 },
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('listitem', { name: 'Case SGH-000099' })).toBeInTheDocument();
    expect(queries.at(-1)?.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a target past its time as overdue in the danger colour, and under a quarter left as a warning', async () => {
    const first = examples.caseList().items[0] as CaseSummary;
    const createdAt = new Date(Date.now() - 20 * 60_000).toISOString();
    const overdue: CaseSummary = {
      ...first,
      status: 'escalated',
      ackDueAt: null,
      createdAt,
      targetDueAt: new Date(Date.now() - (4 * 60 + 10) * 1000).toISOString(),
    };
    const closeToTarget: CaseSummary = {
      ...first,
      id: 'cas_close',
      displayNumber: 'SGH-000098',
      createdAt,
      targetDueAt: new Date(Date.now() + 2 * 60_000).toISOString(),
    };
    await renderApp(
      '/emergency-room/doctor/cases/',
      doctor,
      handleListCases(() => Response.json({ items: [overdue, closeToTarget], nextCursor: null })),
    );
    const late = await screen.findByRole('listitem', { name: 'Case SGH-000123' });
    const lateTimer = within(late).getByRole('timer', { name: /Time left to target/ });
    expect(lateTimer).toHaveTextContent(/^overdue by 0:04:1\d$/);
    expect(lateTimer.parentElement).toHaveAttribute('data-state', 'overdue');
    expect(within(late).getByText('Escalated')).toBeInTheDocument();
    const soon = screen.getByRole('listitem', { name: 'Case SGH-000098' });
    const soonTimer = within(soon).getByRole('timer', { name: /Time left to target/ });
    expect(soonTimer.parentElement).toHaveAttribute('data-state', 'warning');
  });

  it('says so when the list cannot be loaded, in a sentence a person can act on, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    let calls = 0;
    await renderApp(
      '/emergency-room/doctor/cases/',
      doctor,
      handleListCases(() => {
        calls += 1;
        return calls === 1
          ? Response.json({ detail: 'Rate limit exceeded' }, { status: 429 })
          : Response.json({ items: [examples.caseList().items[0]], nextCursor: null });
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The cases could not be loaded.');
    expect(alert).toHaveTextContent('Too many requests at once. Wait a few seconds, then press Retry.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Case SGH-000123' })).toBeInTheDocument();
  });

  it('says what loads while it loads, with aria-busy', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await renderApp(
      '/emergency-room/doctor/cases/',
      doctor,
      handleListCases(async () => {
        await held;
        return Response.json({ items: [], nextCursor: null });
      }),
    );
    const loading = (await screen.findByText('Loading cases…')).closest('[role="status"]');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByText('No cases here yet.')).toBeInTheDocument();
  });
});
