// Vital signs and triage answers that follow an emergent case sent with the minimum data set: the ER's case
// page offers `Add vitals and answers` while some are pending, asks exactly those, names the field and the
// fault of each error, keeps the form on a server error for a retry; the specialist's open page shows the
// answers when the event stream says the case changed. The whole app, the API answered by MSW.
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  handleAddCaseAnswers,
  handleGetCase,
  handleListTriageAssessments,
  handleRecordCaseReceipt,
} from '../../generated/msw.gen.ts';
import type { Case, CaseAnswersAdd } from '../../generated/types.gen.ts';
import { eventStream } from '../support/event-stream.ts';
import { doctor, examples, renderApp, specialist } from '../support/harness.tsx';

const triage = handleListTriageAssessments({ body: examples.triage() });

/** An emergent case sent with nothing but the minimum data set: no vital signs, no answers. */
function minimalCase(): Case {
  const item = examples.case();
  item.id = 'cas_minimal';
  item.status = 'pending';
  item.urgency = 'emergent';
  item.vitals = {};
  item.triageAnswers = { tq_side: 'Left' };
  item.triageQuestions = [
    { id: 'tq_killip', kind: 'choice', label: 'Killip class', required: true, choices: ['I', 'II', 'III'] },
    { id: 'tq_side', kind: 'choice', label: 'Side affected', required: true, choices: ['Left', 'Right'] },
    { id: 'tq_notes', kind: 'text', label: 'Notes', required: false },
  ];
  return item;
}

const PATH = '/emergency-room/doctor/cases/cas_minimal';

/** The case on MSW: each save merges what it sends, as the server does; `failures` answer 500 first. */
function caseOnServer(failures = 0) {
  let item = minimalCase();
  const sent: CaseAnswersAdd[] = [];
  let failing = failures;
  return {
    sent,
    handlers: [
      handleGetCase(() => Response.json(item)),
      handleAddCaseAnswers(async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (failing > 0) {
          failing -= 1;
          return Response.json({ detail: 'The server failed' }, { status: 500 });
        }
        item = {
          ...item,
          vitals: { ...item.vitals, ...body.vitals },
          triageAnswers: { ...item.triageAnswers, ...body.triageAnswers },
        };
        return Response.json(item);
      }),
    ],
  };
}

async function openForm() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add vitals and answers' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add vitals and answers' });
  return { user, dialog };
}

describe('adding vital signs and answers after sending', () => {
  it('offers the action while some are pending, and the form asks exactly those', async () => {
    const server = caseOnServer();
    await renderApp(PATH, doctor, triage, ...server.handlers);

    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Pending: not given yet')).toBeInTheDocument();
    expect(within(details).getAllByTestId('pending-answer')).toHaveLength(1);
    const action = screen.getByRole('button', { name: 'Add vitals and answers' });
    expect(action.style.minHeight).toBe('calc(2.75rem * var(--mantine-scale))');

    const { dialog } = await openForm();
    expect(within(dialog).getByRole('group', { name: 'Vital signs' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Heart rate (bpm)')).toBeInTheDocument();
    // Killip class is pending; Side affected is answered already and Notes is not required.
    expect(within(dialog).getByLabelText('Killip class')).not.toBeRequired();
    expect(within(dialog).queryByLabelText('Side affected')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Notes')).not.toBeInTheDocument();
  });

  it('offers nothing when nothing is pending', async () => {
    const item = minimalCase();
    item.vitals = { heartRate: 90 };
    item.triageAnswers = { tq_side: 'Left', tq_killip: 'I' };
    await renderApp(PATH, doctor, triage, handleGetCase({ body: item }));
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).queryByText(/^Pending/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add vitals and answers' })).not.toBeInTheDocument();
  });

  it('saves what was filled in, and the pending list shrinks', async () => {
    const server = caseOnServer();
    await renderApp(PATH, doctor, triage, ...server.handlers);
    const { user, dialog } = await openForm();

    await user.type(within(dialog).getByLabelText('Heart rate (bpm)'), '112');
    await user.selectOptions(within(dialog).getByLabelText('Killip class'), 'II');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add vitals and answers' })).not.toBeInTheDocument();
    });
    expect(server.sent).toEqual([{ vitals: { heartRate: 112 }, triageAnswers: { tq_killip: 'II' } }]);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(await within(details).findByText('112 bpm')).toBeInTheDocument();
    expect(within(details).getByText('II')).toBeInTheDocument();
    expect(within(details).queryByTestId('pending-answer')).not.toBeInTheDocument();
    expect(within(details).queryByText('Pending: not given yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add vitals and answers' })).not.toBeInTheDocument();
  });

  it('names the field and the fault, and sends nothing while the form is wrong or empty', async () => {
    const server = caseOnServer();
    await renderApp(PATH, doctor, triage, ...server.handlers);
    const { user, dialog } = await openForm();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Enter at least one vital sign or answer, or go back.',
    );

    await user.type(within(dialog).getByLabelText('Heart rate (bpm)'), '400');
    await user.type(within(dialog).getByLabelText('SpO2 (%)'), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Heart rate: must be at most 350')).toBeInTheDocument();
    expect(within(dialog).getByText('SpO2: must be at most 100')).toBeInTheDocument();
    expect(server.sent).toEqual([]);
  });

  it('keeps the form on a server error and saves on retry', async () => {
    const server = caseOnServer(1);
    await renderApp(PATH, doctor, triage, ...server.handlers);
    const { user, dialog } = await openForm();

    await user.type(within(dialog).getByLabelText('GCS (3–15)'), '13');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('GCS (3–15)')).toHaveValue('13');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Add vitals and answers' })).not.toBeInTheDocument();
    });
    expect(server.sent).toEqual([{ vitals: { gcs: 13 } }, { vitals: { gcs: 13 } }]);
    expect(await screen.findByText('13')).toBeInTheDocument();
  });
});

describe("the specialist's open case page", () => {
  it('shows the answers when they arrive, from pending to answered, without a reload', async () => {
    let item = minimalCase();
    item.offeredTo = [
      { specialist: { id: specialist.id, displayName: specialist.displayName }, step: 'primary' },
    ];
    const stream = eventStream();
    await renderApp(
      '/specialist/cases/cas_minimal',
      specialist,
      triage,
      stream.handler,
      handleGetCase(() => Response.json(item)),
      handleRecordCaseReceipt(() => Response.json(item)),
    );
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(within(details).getByText('Pending: not given yet')).toBeInTheDocument();
    expect(within(details).getAllByTestId('pending-answer')).toHaveLength(1);
    // The specialist adds nothing: the action is the ER's.
    expect(screen.queryByRole('button', { name: 'Add vitals and answers' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(stream.connections.length).toBeGreaterThan(0);
    });
    stream.open();

    item = {
      ...item,
      vitals: { heartRate: 112, systolicBp: 186 },
      triageAnswers: { ...item.triageAnswers, tq_killip: 'III' },
      timeline: [
        ...item.timeline,
        {
          id: 'evt_answers',
          at: new Date().toISOString(),
          kind: 'answers_added',
          actor: item.openedBy,
          data: { vitals: ['heartRate', 'systolicBp'], questionIds: ['tq_killip'] },
        },
      ],
    };
    stream.send({ type: 'case', caseId: item.id, caseStatus: item.status });

    expect(await within(details).findByText('112 bpm')).toBeInTheDocument();
    expect(within(details).getByText('186 mmHg')).toBeInTheDocument();
    expect(within(details).getByText('III')).toBeInTheDocument();
    expect(within(details).queryByTestId('pending-answer')).not.toBeInTheDocument();
    expect(within(details).queryByText('Pending: not given yet')).not.toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Vital signs or answers added')).toBeInTheDocument();
    expect(within(timeline).getByText('Heart rate, Systolic BP · 1 triage answer')).toBeInTheDocument();
  });
});
