import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  handleChangeMyPassword,
  handleGetMyHome,
  handleGetMySettings,
  handleListMyDevices,
  handleListSpecialties,
  handleListTriageAssessments,
  handleSendMyDeviceTest,
  handleUpdateMySettings,
} from '../../generated/msw.gen.ts';
import type {
  DeviceList,
  HomeSummary,
  MySettings,
  MySettingsUpdate,
  PasswordChange,
  SpecialtyList,
  TriageAssessmentList,
} from '../../generated/types.gen.ts';
import { renderApp, userWithRole } from '../support/harness.tsx';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  components: { examples: Record<string, { value: unknown }> };
};
const example = (name: string): unknown => structuredClone(contract.components.examples[name]?.value);
const examples = {
  settings: () => example('MySettings') as MySettings,
  home: () => example('HomeSummary') as HomeSummary,
  specialties: () => example('SpecialtyList') as SpecialtyList,
  triage: () => example('TriageAssessmentList') as TriageAssessmentList,
  devices: () => example('DeviceList') as DeviceList,
};

const lists = [
  handleListMyDevices({ body: examples.devices() }),
  handleListSpecialties({ body: examples.specialties() }),
  handleListTriageAssessments({ body: examples.triage() }),
];

describe('settings', () => {
  it('saves the profile with its version, and links each specialty to its triage assessment', async () => {
    const user = userEvent.setup();
    const sent: MySettingsUpdate[] = [];
    const settings = examples.settings();
    await renderApp(
      '/settings/',
      'er_doctor',
      ...lists,
      handleGetMySettings({ body: settings }),
      handleUpdateMySettings(async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return Response.json({ ...settings, ...body, version: settings.version + 1 });
      }),
    );

    const name = await screen.findByRole('textbox', { name: /Display name/ });
    await user.clear(name);
    await user.type(name, 'Dr Amara Okafor-Reed');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      displayName: 'Dr Amara Okafor-Reed',
      phone: '+44 20 7946 0958',
      preferences: { sound: true, toasts: true },
      version: 4,
    });
    const specialties = screen.getByRole('list', { name: 'Specialties' });
    const neurology = within(specialties).getByRole('link', { name: 'Neurology' });
    expect(neurology).toHaveAttribute('href', '/settings/triage-assessment/spc_neurology');
    expect(within(specialties).getByText('3 questions')).toBeInTheDocument();
  });

  it('lists the devices that get alerts with their last delivery, and sends one a test notification', async () => {
    const user = userEvent.setup();
    const tested: string[] = [];
    await renderApp(
      '/settings/',
      'specialist',
      ...lists,
      handleSendMyDeviceTest(({ params }) => {
        tested.push(params.deviceId);
        return Response.json({ result: 'delivered' });
      }),
    );
    const devices = await screen.findByRole('region', { name: 'Devices' });
    const phone = await within(devices).findByRole('listitem', { name: 'Chrome on Android' });
    expect(within(phone).getByText(/^Last delivery /)).toBeInTheDocument();
    // This browser has no service worker (jsdom): it says how to get alerts instead of asking for permission.
    expect(within(devices).getByText(/cannot show alerts when Case Router is closed/)).toBeInTheDocument();
    await user.click(within(phone).getByRole('button', { name: 'Send test' }));
    expect(await within(phone).findByText(/Test notification sent/)).toBeInTheDocument();
    expect(tested).toEqual(['dev_Q2hyb21lT25BbmRyb2lk']);
  });

  it('turns toasts off on the server', async () => {
    const user = userEvent.setup();
    const sent: MySettingsUpdate[] = [];
    const settings = examples.settings();
    await renderApp(
      '/settings/',
      'specialist',
      ...lists,
      handleGetMySettings({ body: settings }),
      handleUpdateMySettings(async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return Response.json({ ...settings, ...body, version: settings.version + 1 });
      }),
    );
    await user.click(await screen.findByRole('switch', { name: 'Show a toast when a notification arrives' }));
    expect(await screen.findByText('Toasts off')).toBeInTheDocument();
    expect(sent[0]?.preferences).toEqual({ sound: true, toasts: false });
    await waitFor(() => {
      expect(
        screen.getByRole('switch', { name: 'Show a toast when a notification arrives' }),
      ).not.toBeChecked();
    });
  });

  it('offers to reload when the profile changed elsewhere (409)', async () => {
    const user = userEvent.setup();
    await renderApp(
      '/settings/',
      'er_doctor',
      ...lists,
      handleGetMySettings({ body: examples.settings() }),
      handleUpdateMySettings(() =>
        Response.json(
          { detail: 'Your settings were changed elsewhere. Reload to see the change.' },
          { status: 409 },
        ),
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your settings were changed elsewhere');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('changes the password and shows the server’s problem on the current password', async () => {
    const user = userEvent.setup();
    const sent: PasswordChange[] = [];
    await renderApp(
      '/settings/',
      'er_doctor',
      ...lists,
      handleGetMySettings({ body: examples.settings() }),
      handleChangeMyPassword(async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return sent.length === 1
          ? Response.json(
              { detail: [{ loc: ['body', 'currentPassword'], msg: 'is not your current password' }] },
              { status: 400 },
            )
          : new Response(null, { status: 204 });
      }),
    );
    await user.type(await screen.findByLabelText(/Current password/), 'wrong-password-1');
    await user.type(screen.getByLabelText(/^New password$|^New password \*/), 'Harbour-lights-42');
    await user.type(screen.getByLabelText(/New password again/), 'Harbour-lights-42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Is not your current password')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Current password/));
    await user.type(screen.getByLabelText(/Current password/), 'Demo-password-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Password changed/)).toBeInTheDocument();
    expect(sent[1]).toEqual({ currentPassword: 'Demo-password-2026', newPassword: 'Harbour-lights-42' });
  });

  it('refuses mismatched new passwords before sending', async () => {
    const user = userEvent.setup();
    await renderApp('/settings/', 'er_doctor', ...lists, handleGetMySettings({ body: examples.settings() }));
    await user.type(await screen.findByLabelText(/Current password/), 'Demo-password-2026');
    await user.type(screen.getByLabelText(/^New password$|^New password \*/), 'Harbour-lights-42');
    await user.type(screen.getByLabelText(/New password again/), 'Harbour-lights-43');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords do not match')).toBeInTheDocument();
  });

  it('says when the settings could not be loaded, with Retry', async () => {
    const user = userEvent.setup();
    let reads = 0;
    await renderApp(
      '/settings/',
      'er_doctor',
      ...lists,
      handleGetMySettings(() => {
        reads += 1;
        return reads === 1
          ? Response.json({ detail: 'Not found' }, { status: 404 })
          : Response.json(examples.settings());
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your settings could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: /Display name/ })).toHaveValue('Dr Amara Okafor');
  });
});

describe('home', () => {
  it('shows a tile per area the specialist opens, each with its live figure', async () => {
    const summary: HomeSummary = {
      ...examples.home(),
      waitingForMe: 2,
      activeUsers: null,
    };
    await renderApp('/home/', userWithRole('specialist'), handleGetMyHome({ body: summary }));
    const tiles = await screen.findByRole('list', { name: 'Your areas' });
    const caseBox = within(tiles).getByRole('listitem', { name: 'Case box' });
    expect(await within(caseBox).findByText('2')).toBeInTheDocument();
    expect(within(caseBox).getByText('cases waiting for you')).toBeInTheDocument();
    expect(within(caseBox).getByRole('link', { name: 'Case box' })).toHaveAttribute(
      'href',
      '/specialist/cases/',
    );
    expect(within(tiles).getByRole('link', { name: 'Insights' })).toHaveAttribute(
      'href',
      '/insights/physicians',
    );
    expect(within(tiles).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings/');
    expect(within(tiles).queryByRole('link', { name: /Administration/ })).not.toBeInTheDocument();
  });

  it('gives the hospital admin its administration tile with the active users', async () => {
    const summary: HomeSummary = {
      ...examples.home(),
      waitingForMe: null,
      activeUsers: 31,
    };
    await renderApp('/home/', userWithRole('hospital'), handleGetMyHome({ body: summary }));
    const tiles = await screen.findByRole('list', { name: 'Your areas' });
    const admin = within(tiles).getByRole('listitem', { name: 'Administration: Specialists details' });
    expect(await within(admin).findByText('31')).toBeInTheDocument();
    expect(within(admin).getByText('active users')).toBeInTheDocument();
    const home = within(tiles).getByRole('listitem', { name: 'Hospital administration' });
    expect(within(home).getByText('open cases')).toBeInTheDocument();
  });

  it('keeps the tiles when the figures fail, and retries', async () => {
    const user = userEvent.setup();
    let reads = 0;
    await renderApp(
      '/home/',
      'er_doctor',
      handleGetMyHome(() => {
        reads += 1;
        return reads === 1
          ? Response.json({ detail: 'Not found' }, { status: 404 })
          : Response.json(examples.home());
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The figures could not be loaded');
    expect(screen.getByRole('link', { name: 'My cases' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('cases waiting for a specialist')).toBeInTheDocument();
  });
});
