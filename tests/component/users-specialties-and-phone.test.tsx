// The specialties and phone of a user, as adding and editing a user ask for them: the specialties only for a
// specialist and at least one, the phone optional (empty is sent as null), each under the same label.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  handleListSpecialties,
  handleListUsers,
  handleSignup,
  handleUpdateUser,
} from '../../generated/msw.gen.ts';
import type { SignupRequest, UserAccount, UserUpdate } from '../../generated/types.gen.ts';
import { renderApp } from '../support/harness.tsx';

const SPECIALTIES = handleListSpecialties({
  body: {
    items: [
      { id: 'spc_cardiology', name: 'Cardiology' },
      { id: 'spc_neurology', name: 'Neurology' },
    ],
  },
});
const PRIYA: UserAccount = {
  id: 'usr_priya',
  displayName: 'Dr Priya Raman',
  email: 'priya.raman@stgeorges.example',
  roles: ['specialist'],
  hospitalId: 'hosp_sgh',
  specialtyTypes: ['Neurology'],
  phone: null,
  pager: null,
  active: true,
  version: 3,
  createdAt: '2026-11-02T09:14:00Z',
};

let signups: SignupRequest[];
let patches: UserUpdate[];
beforeEach(() => {
  signups = [];
  patches = [];
});

describe('adding a user', () => {
  it('asks a specialist’s specialties, at least one, and sends the phone in the contact details', async () => {
    const user = userEvent.setup();
    await renderApp(
      '/emergency-room/admin/add-user/',
      'emergency_room_admin',
      SPECIALTIES,
      handleListUsers({ body: { items: [], total: 0, offset: 0, limit: 10 } }),
      handleSignup(async ({ request }) => {
        const body = await request.json();
        signups.push(body);
        return Response.json({ ...PRIYA, displayName: body.display_name }, { status: 201 });
      }),
    );
    const form = await screen.findByRole('form', { name: 'Add user' });
    expect(within(form).queryByRole('combobox', { name: /^Specialties/ })).not.toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Dr Priya Raman');
    await user.type(within(form).getByRole('textbox', { name: /^Email/ }), 'priya.raman@stgeorges.example');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Role/ }), 'specialist');
    await user.type(within(form).getByLabelText(/^Temporary password/), 'Ward round 2031');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    expect(await within(form).findByText('Choose at least one specialty')).toBeVisible();
    expect(signups).toEqual([]);

    await user.click(within(form).getByRole('combobox', { name: /^Specialties/ }));
    await user.click(await screen.findByRole('option', { name: 'Neurology' }));
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), ' +44 20 7946 0000 ');
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    await waitFor(() => {
      expect(signups).toHaveLength(1);
    });
    expect(signups[0]).toMatchObject({
      role: 'specialist',
      specialty_types: ['Neurology'],
      contact_info: { fname: 'Dr', lname: 'Priya Raman', phone: '+44 20 7946 0000', company_name: null },
    });
  });
});

describe('editing a user', () => {
  it('keeps at least one specialty for a specialist, and sends an emptied phone as none', async () => {
    const user = userEvent.setup();
    await renderApp(
      '/hospital-admin/specialists-details/',
      'hospital',
      SPECIALTIES,
      handleListUsers({
        body: { items: [{ ...PRIYA, phone: '+44 20 7946 0001' }], total: 1, offset: 0, limit: 10 },
      }),
      handleUpdateUser(async ({ request }) => {
        const body = await request.json();
        patches.push(body);
        return Response.json({ ...PRIYA, version: 4 });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Dr Priya Raman' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Dr Priya Raman' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveValue('+44 20 7946 0001');

    const specialties = within(dialog).getByRole('combobox', { name: /^Specialties/ });
    await user.click(specialties);
    await user.keyboard('{Backspace}');
    await user.clear(phone);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one specialty')).toBeVisible();
    expect(patches).toEqual([]);

    await user.click(specialties);
    await user.click(await screen.findByRole('option', { name: 'Cardiology' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(patches).toEqual([{ version: 3, specialtyTypes: ['Cardiology'], phone: null, pager: null }]);
    });
  });
});
