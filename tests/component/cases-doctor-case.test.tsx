import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  handleCancelCase,
  handleCloseCase,
  handleDownloadAttachment,
  handleGetCase,
  handleListTriageAssessments,
  handlePostCaseMessage,
} from '../../generated/msw.gen.ts';
import type { Case, Message } from '../../generated/types.gen.ts';
import { doctor, examples, renderApp, stubObjectUrls } from '../support/harness.tsx';

const triage = handleListTriageAssessments({ body: examples.triage() });

function pendingCase(): Case {
  const item = examples.case();
  item.id = 'cas_doctor_page';
  item.ackDueAt = new Date(Date.now() - 60_000).toISOString();
  item.attachments = [
    {
      id: 'att_1',
      fileName: 'ct-head.jpg',
      contentType: 'image/jpeg',
      size: 4,
      width: 1,
      height: 1,
      uploadedBy: item.openedBy,
      createdAt: item.createdAt,
      url: 'https://app.test/api/v1/media/attachments/att_1',
      thumbnailUrl: 'https://app.test/api/v1/media/attachments/att_1?variant=thumbnail',
    },
  ];
  const last = item.timeline.at(-1);
  if (last)
    item.timeline.push({
      ...last,
      id: `${last.id}-escalated`,
      kind: 'escalated',
      data: { step: 'all', reason: 'not accepted in time' },
    });
  return item;
}

const PATH = '/emergency-room/doctor/cases/cas_doctor_page';

describe("the doctor's case page", () => {
  it('shows the triage answers as they were asked, in the order of the version the case was answered with', async () => {
    const item = pendingCase();
    item.triageAnswers = { tq_side: 'Left', tq_nihss: 9 };
    item.triageVersion = 1;
    item.triageQuestions = [
      { id: 'tq_nihss', kind: 'number', label: 'NIHSS score (as asked)', required: true, unit: 'points' },
      { id: 'tq_side', kind: 'choice', label: 'Side affected', required: false, choices: ['Left', 'Right'] },
    ];
    item.attachments = [];
    await renderApp(PATH, doctor, handleGetCase({ body: item }));

    const details = await screen.findByRole('region', { name: 'Details' });
    const labels = within(details)
      .getAllByText(/NIHSS score \(as asked\)|Side affected/)
      .map((node) => node.textContent);
    expect(labels).toEqual(['NIHSS score (as asked)', 'Side affected']);
    expect(within(details).getByText('9 points')).toBeInTheDocument();
  });

  it('shows status, timers, the offers with their receipts, the timeline and the images', async () => {
    const { create } = stubObjectUrls();
    const variants: (string | null)[] = [];
    await renderApp(
      PATH,
      doctor,
      triage,
      handleGetCase({ body: pendingCase() }),
      handleDownloadAttachment(({ request }) => {
        variants.push(new URL(request.url).searchParams.get('variant'));
        return new Response(new Uint8Array([255, 216, 255, 217]), {
          headers: { 'Content-Type': 'image/jpeg' },
        });
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Case SGH-000123' })).toBeInTheDocument();
    expect(screen.getByText('Emergent')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: /Time since door/ })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: /Time left to target: overdue by/ })).toBeInTheDocument();
    expect(document.title).toBe('SGH-000123 · Case Router');

    // Nobody has accepted: said at the top, with who was offered and alerted, and whether they saw it.
    const waiting = screen.getByRole('region', { name: 'Waiting for a specialist — nobody has accepted' });
    expect(waiting).toHaveTextContent('Dr Sam Lindqvist');
    expect(waiting).toHaveTextContent('on-call primary');
    expect(waiting).toHaveTextContent('not seen');

    const offer = screen.getByRole('listitem', { name: 'Offer to Dr Sam Lindqvist' });
    expect(offer).toHaveTextContent('on-call primary');
    expect(within(offer).getByText('Delivered 22 Nov 2026, 08:52')).toBeInTheDocument();
    expect(within(offer).getByText('Not seen')).toBeInTheDocument();
    expect(within(offer).getByText('Not accepted')).toBeInTheDocument();

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Case opened')).toBeInTheDocument();
    expect(within(timeline).getByText('Offered')).toBeInTheDocument();
    expect(
      within(timeline).getByText('to every specialist of the specialty: not accepted in time'),
    ).toBeInTheDocument();
    expect(screen.getByText('NIHSS score')).toBeInTheDocument();
    expect(screen.getByText('9 points')).toBeInTheDocument();

    const thumbnail = await screen.findByRole('img', { name: 'ct-head.jpg' });
    expect(thumbnail).toHaveAttribute('src', expect.stringMatching(/^blob:test\//) as string);
    expect(variants).toEqual(['thumbnail']);
    expect(create).toHaveBeenCalled();

    expect(screen.getByRole('button', { name: 'Cancel case' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close case' })).not.toBeInTheDocument();
  });

  it('sends a message to the thread and shows it', async () => {
    const user = userEvent.setup();
    let item = pendingCase();
    const sent: unknown[] = [];
    await renderApp(
      PATH,
      doctor,
      triage,
      handleGetCase(() => Response.json(item)),
      handlePostCaseMessage(async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        const message: Message = {
          id: 'msg_1',
          author: item.openedBy,
          body: body.body,
          createdAt: '2026-11-22T08:55:00.000Z',
        };
        item = { ...item, messages: [message] };
        return Response.json(message, { status: 201 });
      }),
      handleDownloadAttachment(() => new Response('', { status: 404 })),
    );

    const thread = await screen.findByRole('region', { name: 'Thread' });
    await user.click(within(thread).getByRole('button', { name: 'Send' }));
    expect(await within(thread).findByText('Required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(within(thread).getByLabelText('Message'), 'CT angiogram is on its way.');
    await user.click(within(thread).getByRole('button', { name: 'Send' }));

    const messages = await within(thread).findByRole('list', { name: 'Messages' });
    expect(await within(messages).findByText('CT angiogram is on its way.')).toBeInTheDocument();
    expect(sent).toEqual([{ body: 'CT angiogram is on its way.' }]);
    expect(within(thread).getByLabelText('Message')).toHaveValue('');
  });

  it('cancels a pending case with a reason', async () => {
    const user = userEvent.setup();
    let item = pendingCase();
    const reasons: unknown[] = [];
    await renderApp(
      PATH,
      doctor,
      triage,
      handleGetCase(() => Response.json(item)),
      handleCancelCase(async ({ request }) => {
        reasons.push(await request.json());
        item = {
          ...item,
          status: 'cancelled',
          cancelReason: 'Symptoms resolved',
          cancelledAt: item.createdAt,
        };
        return Response.json(item);
      }),
      handleDownloadAttachment(() => new Response('', { status: 404 })),
    );

    await user.click(await screen.findByRole('button', { name: 'Cancel case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel case' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Symptoms resolved');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel case' }));

    expect(await screen.findByText('Cancelled', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(reasons).toEqual([{ reason: 'Symptoms resolved' }]);
    expect(screen.queryByRole('button', { name: 'Cancel case' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('shows the consultation and closes a responded case with its disposition', async () => {
    const user = userEvent.setup();
    let item: Case = {
      ...pendingCase(),
      status: 'responded',
      ackDueAt: null,
      assignedTo: { id: 'usr_demo_specialist', displayName: 'Dr Sam Lindqvist' },
      consultation: {
        recommendation: 'Thrombolysis contraindicated; thrombectomy assessment.',
        disposition: 'transfer',
        followUp: 'Repeat NIHSS hourly.',
        author: { id: 'usr_demo_specialist', displayName: 'Dr Sam Lindqvist' },
        createdAt: '2026-11-22T09:05:00.000Z',
      },
    };
    const closes: unknown[] = [];
    await renderApp(
      PATH,
      doctor,
      triage,
      handleGetCase(() => Response.json(item)),
      handleCloseCase(async ({ request }) => {
        closes.push(await request.json());
        item = { ...item, status: 'closed', closedAt: '2026-11-22T09:10:00.000Z', closeDisposition: 'admit' };
        return Response.json(item);
      }),
      handleDownloadAttachment(() => new Response('', { status: 404 })),
    );

    const consultation = await screen.findByRole('region', { name: 'Consultation' });
    expect(consultation).toHaveTextContent('Thrombolysis contraindicated; thrombectomy assessment.');
    expect(consultation).toHaveTextContent('Transfer');
    expect(consultation).toHaveTextContent('Repeat NIHSS hourly.');
    expect(screen.queryByRole('button', { name: 'Cancel case' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close case' });
    await user.selectOptions(within(dialog).getByLabelText(/Final disposition/), 'admit');
    await user.type(within(dialog).getByLabelText('Note'), 'Admitted to the stroke unit');
    await user.click(within(dialog).getByRole('button', { name: 'Close case' }));

    expect(await screen.findByText('Closed', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(closes).toEqual([{ disposition: 'admit', note: 'Admitted to the stroke unit' }]);
  });
});
