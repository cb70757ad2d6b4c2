import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/config/routes.ts';
import { texts } from '../../src/config/texts.ts';
import { Header } from '../../src/app/shell/header.tsx';
import { renderAt } from '../support/harness.tsx';

function renderHeader(roles: readonly string[], at = '/settings/', userName?: string) {
  return renderAt(
    <Header
      roles={roles}
      userName={userName}
      menuOpened={false}
      onOpenMenu={() => undefined}
      onOpenNotifications={() => undefined}
      unreadNotifications={0}
    />,
    at,
  );
}

// jsdom lays out at 1024 px and applies Mantine's "hidden from md" rule, so the small-screen button counts as
// hidden here; the e2e test at 360 px checks that it is really visible there.
function menuButton() {
  return screen.getByLabelText(/menu/i, { selector: 'button' });
}

function mainNavLinks() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('the header', () => {
  it('names the signed-in person once the API has said who they are', () => {
    renderHeader(['er_doctor'], '/settings/', 'Dr Dana Okafor');
    expect(screen.getByTestId('signed-in-user')).toHaveTextContent('Dr Dana Okafor');
  });

  it('names nobody before the API has answered', () => {
    renderHeader(['er_doctor']);
    expect(screen.queryByTestId('signed-in-user')).toBeNull();
  });

  it('shows a specialist Home, Specialist Report, Settings, Switch user and Logout', () => {
    renderHeader(['specialist']);
    expect(mainNavLinks()).toEqual([
      ['Home', '/specialist/cases'],
      ['Specialist Report', routes.specialistReport.href()],
      ['Settings', '/settings/'],
      ['Switch user', '/switch-user'],
      ['Logout', '/sign-out'],
    ]);
  });

  it.each([
    ['er_doctor', '/emergency-room/doctor/cases'],
    ['emergency_room', '/emergency-room/cases'],
    ['emergency_room_admin', '/emergency-room/admin'],
    ['hospital_system', '/hospital-system-admin'],
    ['hospital', '/hospital-admin'],
    ['hospital_business_administrator', '/insights/hospitals'],
  ])('hides Specialist Report from %s and sends Home to %s', (role, home) => {
    renderHeader([role]);
    expect(mainNavLinks()).toEqual([
      ['Home', home],
      ['Settings', '/settings/'],
      ['Switch user', '/switch-user'],
      ['Logout', '/sign-out'],
    ]);
  });

  it('shows Specialist Report when specialist is not the first role, Home following the first known role', () => {
    renderHeader(['unknown_role', 'er_doctor', 'specialist']);
    expect(mainNavLinks()).toEqual([
      ['Home', '/emergency-room/doctor/cases'],
      ['Specialist Report', '/specialist/specialist-report/'],
      ['Settings', '/settings/'],
      ['Switch user', '/switch-user'],
      ['Logout', '/sign-out'],
    ]);
  });

  it('sends Home to / for a user without a recognised role, without marking it current everywhere', () => {
    renderHeader([]);
    expect(mainNavLinks()[0]).toEqual(['Home', '/']);
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('has the logo, the menu button and the notifications button', () => {
    renderHeader(['er_doctor']);
    expect(screen.getByRole('img', { name: /Case Router/ })).toHaveAttribute('alt', texts.productName);
    expect(menuButton()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks the link of the current screen', () => {
    renderHeader(['er_doctor'], '/settings/triage-assessment/cardiology');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
