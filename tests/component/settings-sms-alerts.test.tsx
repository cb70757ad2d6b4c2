// Settings → Alerts by SMS and e-mail: what is sent and where, the SMS switch saved on the server, which
// needs a mobile number in international form (the profile says so on its field, naming it), and a server
// without an SMS provider says so rather than offering a switch that does nothing. Every switch on the page
// (SMS, sound, toasts) is a target 44 px high under the app's accessibility stylesheet.
import { readFileSync } from 'node:fs';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  handleGetMyHome,
  handleGetMySettings,
  handleListMyDevices,
  handleListSpecialties,
  handleListTriageAssessments,
  handleUpdateMySettings,
} from '../../generated/msw.gen.ts';
import type {
  DeviceList,
  HomeSummary,
  MySettings,
  MySettingsUpdate,
  SpecialtyList,
  TriageAssessmentList,
} from '../../generated/types.gen.ts';
import { renderApp } from '../support/harness.tsx';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  components: { examples: Record<string, { value: unknown }> };
};
const example = (name: string): unknown => structuredClone(contract.components.examples[name]?.value);
const exampleSettings = (): MySettings => example('MySettings') as MySettings;

const lists = [
  handleListMyDevices({ body: example('DeviceList') as DeviceList }),
  handleListSpecialties({ body: example('SpecialtyList') as SpecialtyList }),
  handleListTriageAssessments({ body: example('TriageAssessmentList') as TriageAssessmentList }),
  handleGetMyHome({ body: example('HomeSummary') as HomeSummary }),
];

function withSettings(settings: MySettings, sent: MySettingsUpdate[]) {
  let current = settings;
  return [
    handleGetMySettings(() => Response.json(current)),
    handleUpdateMySettings(async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      current = { ...current, ...body, version: current.version + 1 };
      return Response.json(current);
    }),
  ];
}

const removeAfter: HTMLElement[] = [];
afterEach(() => {
  for (const element of removeAfter.splice(0)) element.remove();
});

describe('settings: alerts by SMS and e-mail', () => {
  it('says what is sent where, and turns SMS alerts on with a mobile number', async () => {
    const user = userEvent.setup();
    const sent: MySettingsUpdate[] = [];
    const settings = { ...exampleSettings(), phone: '+44 7700 900123' };
    await renderApp('/settings/', 'specialist', ...lists, ...withSettings(settings, sent));

    const section = await screen.findByRole('region', { name: 'Alerts by SMS and e-mail' });
    expect(section).toHaveTextContent(`e-mailed to ${settings.email}`);
    expect(section).toHaveTextContent('the case number, its urgency and specialty');
    expect(section).toHaveTextContent('Never patient details');
    const sms = screen.getByRole('switch', {
      name: /Send me an SMS when an offer has not reached my devices/,
    });
    expect(sms).not.toBeChecked();
    await user.click(sms);
    await waitFor(() => {
      expect(sent).toEqual([
        expect.objectContaining({ smsFallback: true, phone: '+44 7700 900123', version: 4 }),
      ]);
    });
    expect(await screen.findByText('SMS alerts on')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('switch', { name: /Send me an SMS/ })).toBeChecked();
    });
    expect(screen.getByText('SMS go to +44 7700 900123.')).toBeInTheDocument();
  });

  it('asks for a mobile number first, and keeps SMS on only with one', async () => {
    const user = userEvent.setup();
    const sent: MySettingsUpdate[] = [];
    const national = { ...exampleSettings(), phone: '020 7946 0958' };
    await renderApp('/settings/', 'specialist', ...lists, ...withSettings(national, sent));
    const sms = await screen.findByRole('switch', { name: /Send me an SMS/ });
    expect(sms).toBeDisabled();
    expect(
      screen.getByText(/Add your mobile number in international form under Profile first/),
    ).toBeInTheDocument();

    // The mobile number field says what it is for, and names itself in its problem.
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.clear(phone);
    await user.type(phone, '+44 7700 900123');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => {
      expect(screen.getByRole('switch', { name: /Send me an SMS/ })).toBeEnabled();
    });
    await user.click(screen.getByRole('switch', { name: /Send me an SMS/ }));
    await waitFor(() => {
      expect(sent.at(-1)).toEqual(expect.objectContaining({ smsFallback: true }));
    });

    const field = await screen.findByRole('textbox', { name: 'Mobile number' });
    await user.clear(field);
    await user.type(field, '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText(/^Mobile number: SMS alerts need a mobile number in international form/),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(2);
  });

  it('gives every switch a target 44 px high: its whole label, track and words', async () => {
    // The test environment loads no stylesheet: the app's accessibility rules are put in as the app has them.
    const sheet = document.createElement('style');
    sheet.textContent = readFileSync('src/components/accessible.css', 'utf8');
    document.head.append(sheet);
    removeAfter.push(sheet);
    const settings = { ...exampleSettings(), phone: '+44 7700 900123' };
    await renderApp('/settings/', 'specialist', ...lists, ...withSettings(settings, []));
    await screen.findByRole('switch', { name: /Send me an SMS/ });
    const names = [/Send me an SMS/, /Play a sound/, /Show a toast/];
    for (const name of names) {
      const target = screen.getByRole('switch', { name }).closest('label');
      expect(target, String(name)).not.toBeNull();
      expect(getComputedStyle(target as HTMLElement).minHeight, String(name)).toBe('44px');
    }
  });

  it('says when the server sends no SMS', async () => {
    const settings = { ...exampleSettings(), phone: '+44 7700 900123', smsAvailable: false };
    await renderApp('/settings/', 'specialist', ...lists, ...withSettings(settings, []));
    expect(await screen.findByText(/This server sends no SMS/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Send me an SMS/ })).toBeDisabled();
  });
});
