// The drawer and the sheet load when first wanted; a load that fails says so and leaves them closed, and the
// next try loads them.
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../support/harness.tsx';

afterEach(() => {
  vi.doUnmock('../../src/app/shell/notifications-sheet.tsx');
});

describe('a shell panel that cannot be loaded', () => {
  it('tells the user, stays closed, and opens on the next try', async () => {
    vi.resetModules();
    vi.doMock('../../src/app/shell/notifications-sheet.tsx', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const [{ ShellFrame }, { PANEL_LOAD_FAILED }, { texts }] = await Promise.all([
      import('../../src/app/shell/shell-frame.tsx'),
      import('../../src/app/shell/use-lazy-panel.ts'),
      import('../../src/config/texts.ts'),
    ]);
    const user = userEvent.setup();
    renderAt(
      <ShellFrame roles={['er_doctor']} notifications={[]}>
        <p>Screen content</p>
      </ShellFrame>,
      '/emergency-room/doctor/cases/',
    );
    const bell = screen.getByRole('button', { name: texts.notifications });

    await user.click(bell);

    expect(await screen.findByText(PANEL_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: texts.notifications })).not.toBeInTheDocument();

    vi.doUnmock('../../src/app/shell/notifications-sheet.tsx');
    await user.click(bell);

    expect(await screen.findByRole('dialog', { name: texts.notifications })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByText('No notifications yet')).toBeInTheDocument();
    });
  });
});
