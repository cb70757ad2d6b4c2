import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ShellFrame } from '../../src/app/shell/shell-frame.tsx';
import { renderAt } from '../support/harness.tsx';

// jsdom lays out at 1024 px and applies Mantine's "hidden from md" rule, so the small-screen button counts as
// hidden here; the e2e test at 360 px checks that it is really visible there.
function menuButton() {
  return screen.getByLabelText(/menu/i, { selector: 'button' });
}

function renderShell() {
  return renderAt(
    <ShellFrame roles={['specialist']} notifications={[]}>
      <p>Screen content</p>
    </ShellFrame>,
    '/specialist/cases/',
  );
}

describe('the navigation drawer', () => {
  it('opens from the menu button with the header links and closes on a link click', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    await user.click(menuButton());

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Specialist Report', 'Settings', 'Switch user', 'Logout']);
    expect(within(drawer).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(drawer).getByRole('link', { name: 'Settings' }));

    expect(router.state.location.pathname).toBe('/settings/');
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    });
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();

    await user.click(menuButton());
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('button', { name: 'Close menu' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/specialist/cases/');
  });
});

describe("the administrators' screens in the drawer", () => {
  it.each([
    [
      'emergency_room_admin',
      '/emergency-room/admin/',
      ['Home', 'Specialist scheduler', 'On-call schedules', 'Add user', 'Settings', 'Switch user', 'Logout'],
    ],
    [
      'hospital',
      '/hospital-admin/',
      ['Home', 'Specialists', 'Triage assessments', 'Settings', 'Switch user', 'Logout'],
    ],
  ] as const)('lists the screens of the %s on a phone, one tap from the menu', async (role, home, links) => {
    const user = userEvent.setup();
    renderAt(
      <ShellFrame roles={[role]} notifications={[]}>
        <p>Screen content</p>
      </ShellFrame>,
      home,
    );
    await user.click(menuButton());
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(
      within(drawer)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(links);
  });
});
