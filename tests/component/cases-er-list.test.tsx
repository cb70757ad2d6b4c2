import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { handleListCases, handleListSpecialties } from '../../generated/msw.gen.ts';
import type { User } from '../../generated/types.gen.ts';
import { examples, renderApp } from '../support/harness.tsx';

const erStaff: User = {
  ...examples.user(),
  id: 'usr_er',
  displayName: 'Emma Reyes',
  roles: ['emergency_room'],
};

describe('the emergency room case list', () => {
  it('lists every case of the emergency room and filters by specialty, urgency, date and words', async () => {
    const user = userEvent.setup();
    const queries: URLSearchParams[] = [];
    await renderApp(
      '/emergency-room/cases/',
      erStaff,
      handleListSpecialties({ body: examples.specialties() }),
      handleListCases(({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return Response.json(examples.caseList());
      }),
    );

    expect(await screen.findByRole('link', { name: 'SGH-000123' })).toHaveAttribute(
      'href',
      '/emergency-room/doctor/cases/cas_01J9Z3K8Q4',
    );
    expect(queries[0]?.get('scope')).toBe('all');
    expect(queries[0]?.has('status')).toBe(false);

    // The worklist comes first: search and filters open behind a button.
    expect(screen.queryByLabelText('Search')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Search and filters' });
    await user.click(toggle);
    // The specialties arrive with their own request: choose once the option is there.
    await screen.findByRole('option', { name: 'Neurology' });
    await user.selectOptions(screen.getByLabelText('Specialty'), 'Neurology');
    await user.selectOptions(screen.getByLabelText('Urgency'), 'emergent');
    await user.type(screen.getByLabelText('Opened from'), '2026-11-22');
    await user.type(screen.getByLabelText('Search'), 'weakness');

    await waitFor(() => {
      const last = queries.at(-1);
      expect(last?.get('q')).toBe('weakness');
    });
    const last = queries.at(-1);
    expect(last?.get('specialtyId')).toBe('spc_neurology');
    expect(last?.get('urgency')).toBe('emergent');
    expect(last?.get('from')).toBe('2026-11-22T00:00:00.000Z');

    await user.click(screen.getByRole('checkbox', { name: 'Escalated' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pending' }));
    await waitFor(() => {
      expect(queries.at(-1)?.getAll('status').sort()).toEqual(['escalated', 'pending']);
    });

    expect(screen.getByRole('button', { name: 'Search and filters (5)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Search and filters' })).getByRole('button', {
        name: 'Clear filters',
      }),
    );
    await waitFor(() => {
      expect(queries.at(-1)?.has('specialtyId')).toBe(false);
    });
    expect(queries.at(-1)?.has('status')).toBe(false);
  });
});
