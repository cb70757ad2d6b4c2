// Sending a case without a connection: the doctor learns at once that it is not sent (no answer, or none
// within 10 s), with Retry and the draft kept; the retry carries the same Idempotency-Key, so that a case the
// server did receive is not opened twice. The whole app, the API answered by MSW.
import { act, screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  handleCreateCase,
  handleListSpecialties,
  handleListTriageAssessments,
} from '../../generated/msw.gen.ts';
import { doctor, examples, renderApp } from '../support/harness.tsx';

const NEW_CASE = '/emergency-room/doctor/cases/new';
const formData = [
  handleListSpecialties({ body: examples.specialties() }),
  handleListTriageAssessments({ body: examples.triage() }),
];

async function fillValidCase(user: UserEvent) {
  await user.selectOptions(await screen.findByLabelText(/^Specialty/), 'Cardiology');
  await user.click(screen.getByRole('radio', { name: 'Urgent' }));
  await user.type(screen.getByLabelText(/^Chief complaint/), 'Chest pain for two hours');
  await user.type(screen.getByLabelText(/^Age/), '58');
  await user.selectOptions(screen.getByLabelText(/^Sex/), 'male');
}

function draftKept(): boolean {
  return Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index)).some((key) =>
    key?.startsWith('case-router:new-case-draft:'),
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sending a case without a connection', () => {
  it('says at once that the case is not sent, keeps the draft, and retries with the same key', async () => {
    const user = userEvent.setup();
    let reachable = false;
    const keys: (string | null)[] = [];
    await renderApp(
      NEW_CASE,
      doctor,
      ...formData,
      handleCreateCase(({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (!reachable) return HttpResponse.error();
        return Response.json({ ...examples.case(), id: 'cas_sent_late' }, { status: 201 });
      }),
    );
    await fillValidCase(user);
    await user.click(screen.getByRole('button', { name: 'Create case' }));

    const failure = await screen.findByRole('alert', { name: 'The case is not sent' });
    expect(failure).toHaveTextContent('The server could not be reached');
    expect(failure).toHaveTextContent('Your draft is kept');
    expect(screen.getByLabelText(/^Chief complaint/)).toHaveValue('Chest pain for two hours');
    expect(draftKept()).toBe(true);

    reachable = true;
    await user.click(within(failure).getByRole('button', { name: 'Retry sending' }));
    expect(await screen.findByText(/Case SGH-000123 created/)).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.queryByRole('alert', { name: 'The case is not sent' })).not.toBeInTheDocument();
  });

  it('gives up on a server that does not answer within 10 s: not sent, never a spinner that turns on', async () => {
    const user = userEvent.setup();
    await renderApp(
      NEW_CASE,
      doctor,
      ...formData,
      // A request the server never answers (a dead connection that does not fail).
      handleCreateCase(({ request }) => {
        return new Promise<Response>((_, reject) => {
          request.signal.addEventListener('abort', () => {
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      }),
    );
    await fillValidCase(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Create case' }));
    expect(screen.queryByRole('alert', { name: 'The case is not sent' })).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    const failure = await screen.findByRole('alert', { name: 'The case is not sent' });
    expect(failure).toHaveTextContent('The server did not answer within 10 seconds.');
    expect(screen.getByLabelText(/^Chief complaint/)).toHaveValue('Chest pain for two hours');
    expect(draftKept()).toBe(true);
    expect(within(failure).getByRole('button', { name: 'Retry sending' })).toBeEnabled();
  });
});
