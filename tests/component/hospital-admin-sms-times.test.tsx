// The hospital admin's page edits the hospital's switchboard number and its SMS fallback times: each section
// loads the hospital, says so when it could not (with Retry), checks the times against the contract's bounds
// with the field named, and saves what was typed.
import { readFileSync } from 'node:fs';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  handleGetHospital,
  handleGetOrganisationOverview,
  handleUpdateHospitalSmsFallback,
} from '../../generated/msw.gen.ts';
import type { Hospital, OrganisationOverview, SmsFallbackSeconds } from '../../generated/types.gen.ts';
import { renderApp } from '../support/harness.tsx';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  components: { examples: Record<string, { value: unknown }> };
};
const hospital = contract.components.examples['Hospital']?.value as Hospital;
const overview = handleGetOrganisationOverview({
  body: contract.components.examples['OrganisationOverview']?.value as OrganisationOverview,
});

describe("the hospital admin's SMS fallback times", () => {
  it('shows the times, names the field of a time out of bounds, and saves the times typed', async () => {
    const user = userEvent.setup();
    const saved: SmsFallbackSeconds[] = [];
    await renderApp(
      '/hospital-admin/',
      'hospital',
      overview,
      handleGetHospital({ body: hospital }),
      handleUpdateHospitalSmsFallback(async ({ request }) => {
        const body = await request.json();
        saved.push(body);
        return HttpResponse.json({ ...hospital, smsFallbackSeconds: body, version: hospital.version + 1 });
      }),
    );
    const section = await screen.findByRole('region', { name: 'SMS when an offer is not delivered' });
    expect(screen.getByRole('region', { name: 'Switchboard' })).toBeInTheDocument();
    const emergent = await within(section).findByRole('spinbutton', { name: /Emergent/ });
    expect(emergent).toHaveValue(60);
    expect(within(section).getByRole('spinbutton', { name: /Urgent/ })).toHaveValue(120);
    expect(within(section).getByRole('spinbutton', { name: /Routine/ })).toHaveValue(300);

    await user.clear(emergent);
    await user.type(emergent, '5');
    await user.click(within(section).getByRole('button', { name: 'Save SMS times' }));
    expect(
      await within(section).findByText('Emergent: a whole number of seconds between 10 and 3600'),
    ).toBeVisible();
    expect(saved).toEqual([]);

    await user.clear(emergent);
    await user.type(emergent, '45');
    await user.click(within(section).getByRole('button', { name: 'Save SMS times' }));
    await expect.poll(() => saved).toEqual([{ emergent: 45, urgent: 120, routine: 300 }]);
    expect(await within(section).findByRole('spinbutton', { name: /Emergent/ })).toHaveValue(45);
  });

  it('says when the hospital could not be loaded, with Retry, in each section', async () => {
    await renderApp(
      '/hospital-admin/',
      'hospital',
      overview,
      handleGetHospital(() => HttpResponse.json({ detail: 'Unavailable' }, { status: 503 })),
    );
    for (const name of ['Switchboard', 'SMS when an offer is not delivered']) {
      const section = await screen.findByRole('region', { name });
      expect(await within(section).findByText('The hospital could not be loaded.')).toBeVisible();
      expect(within(section).getByRole('button', { name: /Retry/ })).toBeVisible();
    }
  });
});
