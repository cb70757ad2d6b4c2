import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { texts } from '../../src/config/texts.ts';
import type { NotificationEntry } from '../../src/app/shell/notifications-sheet-feed.ts';
import { ShellFrame } from '../../src/app/shell/shell-frame.tsx';
import { renderAt } from '../support/harness.tsx';

function renderShell(notifications: readonly NotificationEntry[]) {
  return renderAt(
    <ShellFrame roles={['er_doctor']} notifications={notifications}>
      <p>Screen content</p>
    </ShellFrame>,
    '/emergency-room/doctor/cases/',
  );
}

describe('the notifications sheet', () => {
  it('opens from the bell with its title and an honest empty state, and closes', async () => {
    const user = userEvent.setup();
    renderShell([]);

    await user.click(screen.getByRole('button', { name: 'Notifications' }));

    const sheet = await screen.findByRole('dialog', { name: texts.notifications });
    expect(within(sheet).getByText('No notifications yet')).toBeInTheDocument();
    expect(within(sheet).queryAllByRole('listitem')).toHaveLength(0);

    await user.click(within(sheet).getByRole('button', { name: 'Close notifications' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: texts.notifications })).not.toBeInTheDocument();
    });
  });

  it('lists each entry with its author, time, action and message', async () => {
    const user = userEvent.setup();
    renderShell([
      {
        id: 'n1',
        author: 'Dr. Amara Okafor',
        timestamp: '2026-11-21T08:30:00.000Z',
        action: 'accepted case ER-1042',
        message: 'On my way to the emergency room.',
      },
      {
        id: 'n2',
        author: 'Nurse Lee',
        timestamp: '2026-11-21T09:05:00.000Z',
        action: 'added images to case ER-1043',
        message: 'Two new X-rays attached.',
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Notifications' }));

    const sheet = await screen.findByRole('dialog', { name: texts.notifications });
    const items = within(sheet).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Dr. Amara Okafor')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('accepted case ER-1042');
    expect(first.getByText('On my way to the emergency room.')).toBeInTheDocument();
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', '2026-11-21T08:30:00.000Z');
    expect(within(sheet).queryByText('No notifications yet')).not.toBeInTheDocument();
  });
});
