// An open offer is an alert until the specialist answers it: the banner with the case number, urgency,
// specialty, time left before it escalates and Open / Accept / Decline, still there half a minute on; the tab's
// title and the app badge count the waiting offers; the sound of the offer's urgency (again at each re-alert),
// none when the user turned sound off; in the notifications sheet an offer reads differently from a message.
// The whole app, the API and the event stream answered by MSW; Web Audio and the Badging API stubbed at the edge.
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  handleAcceptCase,
  handleGetMySettings,
  handleListCases,
  handleListMyShifts,
  handleListNotifications,
  handleRecordCaseReceipt,
} from '../../generated/msw.gen.ts';
import type { CaseSummary, Notification, ServerEvent } from '../../generated/types.gen.ts';
import { eventStream } from '../support/event-stream.ts';
import { examples, renderApp, specialist } from '../support/harness.tsx';

const inFiveMinutes = () => new Date(Date.now() + 5 * 60_000).toISOString();

function offered(overrides: Partial<CaseSummary> & Pick<CaseSummary, 'id' | 'displayNumber'>): CaseSummary {
  const base = examples.caseList().items[0] as CaseSummary;
  return {
    ...base,
    status: 'pending',
    assignedTo: null,
    ackDueAt: inFiveMinutes(),
    offeredTo: [{ specialist: { id: specialist.id, displayName: specialist.displayName }, step: 'primary' }],
    ...overrides,
  };
}

function note(item: CaseSummary, kind: Notification['kind'], id: string): Notification {
  return {
    id,
    kind,
    caseId: item.id,
    caseDisplayNumber: item.displayNumber,
    author: kind === 'case_offered' ? item.openedBy : null,
    action: `offered you case ${item.displayNumber}`,
    message: null,
    createdAt: new Date().toISOString(),
    readAt: null,
  };
}

function offerEvent(item: CaseSummary, kind: Notification['kind'] = 'case_offered', id = `ntf_${item.id}`) {
  return {
    type: 'notification',
    caseId: item.id,
    caseStatus: item.status,
    notification: note(item, kind, id),
    case: item,
  } satisfies ServerEvent;
}

/** What the server lists as offered to the specialist: the test changes it as the server would. */
let waiting: CaseSummary[];
const offeredList = handleListCases(({ request }) =>
  Response.json({
    items: new URL(request.url).searchParams.get('scope') === 'offered' ? waiting : [],
    nextCursor: null,
  }),
);
const receipts = handleRecordCaseReceipt(() => Response.json(examples.case()));
const noShifts = handleListMyShifts(() => Response.json({ items: [] }));

interface Played {
  readonly wave: string;
  readonly frequency: number;
}
let played: Played[];
let badge: ReturnType<typeof vi.fn>;

beforeEach(() => {
  waiting = [];
  played = [];
  // Web Audio at the edge: which tones the tab asked for, in order.
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    createGain() {
      return { gain: { value: 0 }, connect: () => undefined };
    }
    createOscillator() {
      const oscillator = {
        type: 'sine',
        frequency: { value: 0 },
        connect: () => undefined,
        start: () => {
          played.push({ wave: oscillator.type, frequency: oscillator.frequency.value });
        },
        stop: () => undefined,
      };
      return oscillator;
    }
    close() {
      return Promise.resolve();
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  badge = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: badge });
  Object.defineProperty(navigator, 'clearAppBadge', {
    configurable: true,
    value: vi.fn(() => Promise.resolve()),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function openCaseBox(sound: boolean, ...handlers: Parameters<typeof renderApp>[2][]) {
  const stream = eventStream();
  await renderApp(
    '/specialist/cases/',
    specialist,
    ...handlers,
    offeredList,
    stream.handler,
    receipts,
    noShifts,
    handleGetMySettings({
      body: {
        displayName: specialist.displayName,
        email: specialist.email,
        phone: null,
        preferences: { sound, toasts: true },
        smsFallback: false,
        smsAvailable: false,
        passwordChangeable: true,
        version: 1,
      },
    }),
  );
  await waitFor(() => {
    expect(stream.connections).toHaveLength(1);
  });
  expect(await screen.findAllByText(specialist.displayName)).not.toHaveLength(0);
  return stream;
}

const alertBanner = () => screen.findByRole('alert', { name: 'Offers waiting for your answer' });

describe('an open offer is an alert until the specialist answers it', () => {
  it('shows the offer with its number, urgency, specialty, time to escalation and answers, still there 30 s later', async () => {
    const stream = await openCaseBox(false);
    expect(screen.queryByRole('alert', { name: 'Offers waiting for your answer' })).not.toBeInTheDocument();
    const item = offered({ id: 'cas_alert_1', displayNumber: 'SGH-000501', urgency: 'emergent' });
    waiting = [item];

    stream.send(offerEvent(item));
    const banner = await alertBanner();
    expect(banner).toHaveTextContent(`Emergent · ${item.specialty.name} · case SGH-000501`);
    expect(within(banner).getByRole('timer', { name: /^Escalates in: 0:0[45]:\d\d$/ })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/specialist/cases/cas_alert_1',
    );
    expect(within(banner).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    // No toast for it: the banner is the alert.
    expect(screen.queryByText('offered you case SGH-000501')).not.toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(31_000);
    });
    expect(await alertBanner()).toHaveTextContent('case SGH-000501');
  });

  it('counts the waiting offers in the tab title and the app badge, and clears them once answered', async () => {
    const first = offered({ id: 'cas_count_1', displayNumber: 'SGH-000601' });
    const second = offered({ id: 'cas_count_2', displayNumber: 'SGH-000602', urgency: 'routine' });
    waiting = [first];
    const stream = await openCaseBox(false);
    await waitFor(() => {
      expect(document.title).toMatch(/^\(1\) /);
    });
    expect(badge).toHaveBeenLastCalledWith(1);

    waiting = [first, second];
    stream.send(offerEvent(second));
    await waitFor(() => {
      expect(document.title).toMatch(/^\(2\) /);
    });
    expect(badge).toHaveBeenLastCalledWith(2);
    expect(await alertBanner()).toHaveTextContent('2 cases are waiting for your answer');

    // Both taken by someone else: the server's list empties, the event that says so refetches it.
    waiting = [];
    stream.send({ type: 'case', caseId: first.id, caseStatus: 'accepted' });
    await waitFor(() => {
      expect(document.title).not.toMatch(/^\(\d+\) /);
    });
    expect(screen.queryByRole('alert', { name: 'Offers waiting for your answer' })).not.toBeInTheDocument();
  });

  it('sounds emergent differently from routine, and again at each re-alert', async () => {
    const stream = await openCaseBox(true);
    const emergent = offered({ id: 'cas_sound_1', displayNumber: 'SGH-000701', urgency: 'emergent' });
    waiting = [emergent];
    stream.send(offerEvent(emergent));
    await waitFor(() => {
      expect(played.length).toBeGreaterThan(0);
    });
    const emergentTones = [...played];
    expect(new Set(emergentTones.map((tone) => `${tone.wave} ${tone.frequency}`))).toEqual(
      new Set(['square 1320']),
    );

    played = [];
    const routine = offered({ id: 'cas_sound_2', displayNumber: 'SGH-000702', urgency: 'routine' });
    waiting = [emergent, routine];
    stream.send(offerEvent(routine));
    await waitFor(() => {
      expect(played.length).toBeGreaterThan(0);
    });
    expect(played).not.toEqual(emergentTones);
    expect(played.every((tone) => tone.wave === 'sine' && tone.frequency === 523)).toBe(true);

    // The server re-alerts at the hospital's interval while the offer waits: the emergent sound again.
    played = [];
    stream.send(offerEvent(emergent, 'case_realerted', 'ntf_realert_1'));
    await waitFor(() => {
      expect(played).toEqual(emergentTones);
    });
  });

  it('plays nothing when the user turned sound off, and still shows the alert', async () => {
    const stream = await openCaseBox(false);
    const item = offered({ id: 'cas_quiet', displayNumber: 'SGH-000801', urgency: 'emergent' });
    waiting = [item];
    stream.send(offerEvent(item));
    expect(await alertBanner()).toHaveTextContent('case SGH-000801');
    expect(played).toEqual([]);
  });

  it('accepts from the banner, and the offer leaves it', async () => {
    const item = offered({ id: 'cas_accept_1', displayNumber: 'SGH-000901' });
    waiting = [item];
    const accepted: string[] = [];
    const user = userEvent.setup();
    await openCaseBox(
      false,
      handleAcceptCase(({ params }) => {
        accepted.push(params['caseId']);
        waiting = [];
        return Response.json({ ...examples.case(), id: item.id, status: 'accepted' });
      }),
    );
    const banner = await alertBanner();
    await user.click(within(banner).getByRole('button', { name: 'Accept' }));
    await waitFor(() => {
      expect(accepted).toEqual(['cas_accept_1']);
    });
    await waitFor(() => {
      expect(screen.queryByRole('alert', { name: 'Offers waiting for your answer' })).not.toBeInTheDocument();
    });
  });

  it('sets an offer apart from a message in the notifications sheet', async () => {
    const item = offered({ id: 'cas_sheet', displayNumber: 'SGH-001001' });
    const message: Notification = {
      ...note(item, 'case_message', 'ntf_message'),
      action: 'wrote on case SGH-001001',
    };
    const user = userEvent.setup();
    await openCaseBox(
      false,
      handleListNotifications({
        body: { items: [note(item, 'case_offered', 'ntf_offer'), message], unreadCount: 2, nextCursor: null },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const sheet = await screen.findByRole('dialog', { name: 'Notifications' });
    const [offerEntry, messageEntry] = within(
      within(sheet).getByRole('list', { name: 'Unread' }),
    ).getAllByRole('listitem');
    expect(offerEntry).toHaveTextContent('Offer: your answer is needed');
    expect(offerEntry).toHaveAttribute('data-offer', 'true');
    expect(messageEntry).not.toHaveTextContent('Offer: your answer is needed');
    expect(messageEntry).not.toHaveAttribute('data-offer');
  });
});
