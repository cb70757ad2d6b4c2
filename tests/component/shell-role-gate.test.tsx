import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { handleGetCase, handleListCases, handleListTriageAssessments } from '../../generated/msw.gen.ts';
import { examples, renderApp } from '../support/harness.tsx';

const noCases = () => handleListCases({ body: { items: [], nextCursor: null } });

describe('a route that is for none of the user’s roles', () => {
  it('tells a specialist at /hospital-admin it is not theirs, with a link to their case box', async () => {
    const user = userEvent.setup();
    const { router } = await renderApp('/hospital-admin', 'specialist', noCases());

    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Hospital administration' })).not.toBeInTheDocument();
    expect(screen.queryByText(/not available yet/i)).not.toBeInTheDocument();
    // The tab title follows the render, once the layout's effect has run.
    await waitFor(() => {
      expect(document.title).toBe('Not for your role · Case Router');
    });
    // Inside the shell: the header and its links stay.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Home' })).toBeInTheDocument();

    const home = screen.getByRole('link', { name: 'Go to your home page' });
    expect(home).toHaveAttribute('href', '/specialist/cases');
    await user.click(home);

    expect(await screen.findByRole('heading', { level: 1, name: 'Case box' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/specialist/cases');
    await waitFor(() => {
      expect(document.title).toBe('Case box · Case Router');
    });
  });

  it('never renders the other role’s screen, so none of its data is asked for', async () => {
    let listed = 0;
    await renderApp(
      '/specialist/cases/',
      'er_doctor',
      handleListCases(() => {
        listed += 1;
        return Response.json({ items: [], nextCursor: null });
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Not for your role' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your home page' })).toHaveAttribute(
      'href',
      '/emergency-room/doctor/cases',
    );
    expect(screen.queryByRole('heading', { name: 'Case box' })).not.toBeInTheDocument();
    expect(listed).toBe(0);
  });
});

describe('a route that is for one of the user’s roles', () => {
  it('opens the doctor’s case screen to the emergency room staff, who reach it from their case list', async () => {
    await renderApp(
      '/emergency-room/doctor/cases/cas_demo',
      'emergency_room',
      handleGetCase({ body: { ...examples.case(), attachments: [] } }),
      handleListTriageAssessments({ body: examples.triage() }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Case SGH-000123' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Not for your role' })).not.toBeInTheDocument();
    // The tab names the case once it has loaded.
    await waitFor(() => {
      expect(document.title).toBe('SGH-000123 · Case Router');
    });
  });

  it('opens the settings to every signed-in user', async () => {
    await renderApp('/settings/', 'hospital_business_administrator');

    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
  });
});
