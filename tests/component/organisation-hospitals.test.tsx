import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  handleGetHospital,
  handleGetOrganisationOverview,
  handleListHospitals,
  handleListSpecialtyCatalogue,
  handleUpdateHospital,
} from '../../generated/msw.gen.ts';
import type {
  CatalogueSpecialtyList,
  Hospital,
  HospitalUpdate,
  OrganisationOverview,
} from '../../generated/types.gen.ts';
import { renderApp, userWithRole } from '../support/harness.tsx';

const contract = JSON.parse(readFileSync('generated/openapi.json', 'utf8')) as {
  components: { examples: Record<string, { value: unknown }> };
};
const example = (name: string): unknown => structuredClone(contract.components.examples[name]?.value);

const systemAdmin = userWithRole('hospital_system');

function catalogueAndList(queries: URLSearchParams[] = []) {
  return [
    handleListSpecialtyCatalogue({ body: example('CatalogueSpecialtyList') as CatalogueSpecialtyList }),
    handleListHospitals(({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return Response.json(example('HospitalPage'));
    }),
  ];
}

describe('the hospitals of the hospital system', () => {
  it('sorts the hospitals on the server', async () => {
    const user = userEvent.setup();
    const queries: URLSearchParams[] = [];
    await renderApp('/hospital-system-admin/hospitals/', systemAdmin, ...catalogueAndList(queries));

    expect(await screen.findByRole('heading', { name: 'Hospitals', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Hospitals' });
    expect(within(table).getByText('Riverside General')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /Short code/ }));
    await waitFor(() => {
      expect(queries.at(-1)?.get('sort')).toBe('shortCode');
    });
    expect(queries.at(-1)?.get('order')).toBe('asc');
  });

  it('edits a hospital with its version and says it saved', async () => {
    const user = userEvent.setup();
    const sent: HospitalUpdate[] = [];
    const hospital = example('Hospital') as Hospital;
    await renderApp(
      '/hospital-system-admin/hospitals/',
      systemAdmin,
      ...catalogueAndList(),
      handleGetHospital({ body: hospital }),
      handleUpdateHospital(async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        return Response.json({ ...hospital, ackMinutes: body.ackMinutes, version: 4 });
      }),
    );

    await user.click(await screen.findByRole('button', { name: "Edit St George's Hospital" }));
    const urgent = await screen.findByRole('spinbutton', { name: /Urgent/ });
    await user.clear(urgent);
    await user.type(urgent, '10');
    await user.click(screen.getByRole('button', { name: 'Save hospital' }));

    expect(await screen.findByText("St George's Hospital saved")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ ackMinutes: { emergent: 5, urgent: 10, routine: 60 }, version: 3 });
  });

  it('refuses to overwrite a newer version and offers to reload it', async () => {
    const user = userEvent.setup();
    let version = 3;
    const hospital = example('Hospital') as Hospital;
    await renderApp(
      '/hospital-system-admin/hospitals/',
      systemAdmin,
      ...catalogueAndList(),
      handleGetHospital(() =>
        Response.json({
          ...hospital,
          name: version === 3 ? hospital.name : 'St George’s University Hospital',
          version,
        }),
      ),
      handleUpdateHospital(() => {
        version = 4;
        return Response.json(
          {
            detail:
              'Someone else changed this hospital while you were editing it. Reload to see their change, then make yours again.',
          },
          { status: 409 },
        );
      }),
    );

    await user.click(await screen.findByRole('button', { name: "Edit St George's Hospital" }));
    await user.click(await screen.findByRole('button', { name: 'Save hospital' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this hospital');
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    expect(await screen.findByDisplayValue('St George’s University Hospital')).toBeInTheDocument();
  });
});

describe('the hospitals at a glance', () => {
  it('shows each hospital’s open cases and uncovered specialties, and the way to manage them', async () => {
    await renderApp(
      '/hospital-system-admin/',
      systemAdmin,
      handleGetOrganisationOverview({ body: example('OrganisationOverview') as OrganisationOverview }),
    );

    const card = await screen.findByRole('listitem', { name: /St George's Hospital/ });
    expect(card).toHaveTextContent('12 open cases');
    expect(within(card).getByText('Orthopaedics')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: "Manage St George's Hospital" })).toHaveAttribute(
      'href',
      '/hospital-system-admin/hospitals/',
    );
    await waitFor(() => {
      expect(document.title).toBe('Hospital system administration · Case Router');
    });
  });

  it('says so with a way to retry when the overview cannot be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    await renderApp(
      '/hospital-admin/',
      userWithRole('hospital'),
      handleGetOrganisationOverview(() => {
        calls += 1;
        return calls === 1
          ? Response.json({ detail: 'Your session has changed, try again' }, { status: 409 })
          : Response.json(example('OrganisationOverview'));
      }),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your session has changed, try again');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('link', { name: 'Specialists' })).not.toHaveLength(0);
  });
});
