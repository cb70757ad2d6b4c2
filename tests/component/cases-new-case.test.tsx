import { screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  handleCreateCase,
  handleGetCoverage,
  handleListSpecialties,
  handleListTriageAssessments,
  handleUploadCaseAttachment,
} from '../../generated/msw.gen.ts';
import type { Attachment, CaseCreate } from '../../generated/types.gen.ts';
import { doctor, examples, renderApp } from '../support/harness.tsx';

const NEW_CASE = '/emergency-room/doctor/cases/new';
const formData = [
  handleListSpecialties({ body: examples.specialties() }),
  handleListTriageAssessments({ body: examples.triage() }),
  handleGetCoverage(),
];

async function fillValidCase(user: UserEvent) {
  await user.selectOptions(await screen.findByLabelText(/^Specialty/), 'Neurology');
  await user.click(screen.getByRole('radio', { name: 'Emergent' }));
  await user.type(screen.getByLabelText(/^Chief complaint/), 'Sudden left-sided weakness');
  await user.type(screen.getByLabelText(/^Age/), '67');
  await user.selectOptions(screen.getByLabelText(/^Sex/), 'female');
  await user.type(screen.getByLabelText(/^Heart rate/), '92');
  const arrival = screen.getByLabelText<HTMLInputElement>(/^Arrival time/).value;
  await user.type(screen.getByLabelText(/^Symptom onset/), arrival);
  await user.type(screen.getByLabelText(/^NIHSS score/), '9');
  await user.click(screen.getByRole('radio', { name: 'Yes' }));
}

describe('the new-case form', () => {
  it('labels every field and says what is missing in words a person can act on', async () => {
    const user = userEvent.setup();
    await renderApp(NEW_CASE, doctor, ...formData);

    await user.click(await screen.findByRole('button', { name: 'Create case' }));

    expect(await screen.findByText('Choose the specialty to ask')).toBeInTheDocument();
    expect(screen.getByText('Choose how urgent the case is')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Chief complaint/)).toHaveAccessibleDescription(/Required/);
    expect(screen.getByLabelText(/^Age/)).toHaveAttribute('aria-invalid', 'true');
    for (const label of [/^MRN/, /^Arrival time/, /^Summary/, /^SpO2/, /^GCS/, /^Temperature/]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText<HTMLInputElement>(/^Arrival time/).value).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/,
    );

    await user.type(screen.getByLabelText(/^SpO2/), '140');
    await user.click(screen.getByRole('button', { name: 'Create case' }));
    expect(await screen.findByText('Must be at most 100')).toBeInTheDocument();
  });

  it("asks the chosen specialty's triage questions", async () => {
    const user = userEvent.setup();
    await renderApp(NEW_CASE, doctor, ...formData);

    const specialty = await screen.findByLabelText(/^Specialty/);
    expect(screen.queryByLabelText(/^NIHSS score/)).not.toBeInTheDocument();
    await user.selectOptions(specialty, 'Neurology');
    expect(screen.getByLabelText(/^NIHSS score \(points\)/)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /On anticoagulants/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Symptom onset/)).toHaveAttribute('type', 'datetime-local');

    await user.type(screen.getByLabelText(/^NIHSS score/), '50');
    await user.click(screen.getByRole('button', { name: 'Create case' }));
    expect(await screen.findByText('Must be at most 42')).toBeInTheDocument();

    await user.selectOptions(specialty, 'Cardiology');
    expect(screen.queryByLabelText(/^NIHSS score/)).not.toBeInTheDocument();
  });

  it('keeps the draft across a reload', async () => {
    const user = userEvent.setup();
    const first = await renderApp(NEW_CASE, doctor, ...formData);
    await user.type(await screen.findByLabelText(/^Chief complaint/), 'Worst headache of life');
    await user.selectOptions(screen.getByLabelText(/^Specialty/), 'Neurology');
    first.unmount();

    await renderApp(NEW_CASE, doctor, ...formData);
    expect(await screen.findByLabelText(/^Chief complaint/)).toHaveValue('Worst headache of life');
    expect(screen.getByLabelText(/^Specialty/)).toHaveValue('spc_neurology');
    expect(screen.getByText('Draft restored')).toBeInTheDocument();
  });

  it('creates the case once, shows to whom it was routed and sends the images', async () => {
    const user = userEvent.setup();
    const created = { ...examples.case(), id: 'cas_created_1' };
    const bodies: CaseCreate[] = [];
    const keys: (string | null)[] = [];
    const uploads: { fileName: string | null; type: string | null; size: number }[] = [];
    await renderApp(
      NEW_CASE,
      doctor,
      ...formData,
      handleCreateCase(async ({ request }) => {
        bodies.push(await request.json());
        keys.push(request.headers.get('Idempotency-Key'));
        return Response.json(created, { status: 201 });
      }),
      handleUploadCaseAttachment(async ({ request }) => {
        const bytes = await request.arrayBuffer();
        uploads.push({
          fileName: new URL(request.url).searchParams.get('fileName'),
          type: request.headers.get('Content-Type'),
          size: bytes.byteLength,
        });
        const attachment: Attachment = {
          id: 'att_1',
          fileName: 'ct-head.png',
          contentType: 'image/png',
          size: bytes.byteLength,
          width: 2,
          height: 2,
          uploadedBy: { id: doctor.id, displayName: doctor.displayName },
          createdAt: new Date().toISOString(),
          url: 'https://app.test/api/v1/media/attachments/att_1',
          thumbnailUrl: null,
        };
        return Response.json(attachment, { status: 201 });
      }),
    );
    await fillValidCase(user);
    const image = new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], 'ct-head.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText('Image files'), image);
    expect(within(screen.getByRole('list', { name: 'Images' })).getByText('Queued')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create case' }));

    const routed = await screen.findByRole('status');
    expect(routed).toHaveTextContent('Case SGH-000123 created');
    expect(routed).toHaveTextContent('Routed to Dr Sam Lindqvist (on-call primary).');
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(uploads).toEqual([{ fileName: 'ct-head.png', type: 'image/png', size: 7 }]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      specialtyId: 'spc_neurology',
      urgency: 'emergent',
      patient: { age: 67, sex: 'female' },
      chiefComplaint: 'Sudden left-sided weakness',
      vitals: { heartRate: 92 },
      triageAnswers: { tq_neurology_nihss: 9, tq_neurology_anticoagulated: true },
    });
    expect(bodies[0]?.triageAnswers?.['tq_neurology_onset']).toBe(bodies[0]?.doorTime);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: 'Open case SGH-000123' })).toHaveAttribute(
      'href',
      '/emergency-room/doctor/cases/cas_created_1',
    );
    // Nothing of the case stays in the tab's storage.
    const kept = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index));
    expect(kept).toEqual([]);
  });

  it("shows the server's field problems on the fields", async () => {
    const user = userEvent.setup();
    await renderApp(
      NEW_CASE,
      doctor,
      ...formData,
      handleCreateCase(() =>
        Response.json(
          {
            detail: [
              { loc: ['body', 'triageAnswers', 'tq_neurology_nihss'], msg: 'must be <= 30 at this hospital' },
              { loc: ['body', 'specialtyId'], msg: 'is not a specialty of your hospital system' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    await fillValidCase(user);
    await user.click(screen.getByRole('button', { name: 'Create case' }));

    expect(await screen.findByText('Must be <= 30 at this hospital')).toBeInTheDocument();
    expect(screen.getByLabelText(/^NIHSS score/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Is not a specialty of your hospital system')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Create case' })).toBeEnabled();
    });
  });
});
