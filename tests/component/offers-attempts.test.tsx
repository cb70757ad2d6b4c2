// The offers panel lists every attempt to reach the offered specialist outside the app, in every channel,
// oldest first, to the second in the hospital's time zone: a push delivered, an SMS sent or failed (and
// whether it is tried again), an e-mail sent. An offer with none says nothing more.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../generated/types.gen.ts';
import { OffersList } from '../../src/features/cases/components/offers-list.tsx';
import { renderUi } from '../support/harness.tsx';

function offer(id: string, name: string, attempts: Offer['attempts']): Offer {
  return {
    id,
    specialist: { id: `usr_${id}`, displayName: name },
    step: 'primary',
    offeredAt: '2026-11-22T02:13:00.000Z',
    deliveredAt: null,
    seenAt: null,
    acceptedAt: null,
    declinedAt: null,
    declineReason: null,
    lastAlertedAt: '2026-11-22T02:13:00.000Z',
    alertCount: 1,
    attempts,
  };
}

describe('offers panel: attempts in every channel', () => {
  it('lists push, SMS and e-mail attempts per offer, with failures and retries said', () => {
    renderUi(
      <OffersList
        timeZone="Europe/London"
        offers={[
          offer('a', 'Dr Sam Lindqvist', [
            { channel: 'push', outcome: 'delivered', at: '2026-11-22T02:14:03.000Z' },
            { channel: 'sms', outcome: 'sent', at: '2026-11-22T02:15:03.000Z' },
            { channel: 'email', outcome: 'sent', at: '2026-11-22T02:20:00.000Z' },
          ]),
          offer('b', 'Dr Priya Raman', [
            { channel: 'sms', outcome: 'failed', at: '2026-11-22T02:15:03.000Z', final: false },
            { channel: 'sms', outcome: 'failed', at: '2026-11-22T02:15:08.000Z', final: true },
          ]),
          offer('c', 'Dr Tomas Berg', []),
        ]}
      />,
    );
    const first = screen.getByRole('listitem', { name: 'Offer to Dr Sam Lindqvist' });
    expect(within(first).getByTestId('offer-attempts')).toHaveTextContent(
      'Push delivered 02:14:03 · SMS sent 02:15:03 · E-mail sent 02:20:00',
    );
    const second = screen.getByRole('listitem', { name: 'Offer to Dr Priya Raman' });
    expect(within(second).getByTestId('offer-attempts')).toHaveTextContent(
      'SMS failed, retrying 02:15:03 · SMS failed, given up 02:15:08',
    );
    const third = screen.getByRole('listitem', { name: 'Offer to Dr Tomas Berg' });
    expect(within(third).queryByTestId('offer-attempts')).toBeNull();
  });

  it('writes the times in the hospital’s zone', () => {
    renderUi(
      <OffersList
        timeZone="America/New_York"
        offers={[
          offer('a', 'Dr Sam Lindqvist', [
            { channel: 'sms', outcome: 'sent', at: '2026-11-22T02:15:03.000Z' },
          ]),
        ]}
      />,
    );
    expect(screen.getByTestId('offer-attempts')).toHaveTextContent('SMS sent 21:15:03');
  });
});
