// Each offer of a case as a FHIR R4 Task with its outcome, so that the routing ladder reads from the bundle:
// accepted, declined (with the specialist's reason), timed out (the acknowledgement time ran out and the case
// moved up its chain), escalated past (the case moved up for another reason), not needed (another specialist
// accepted first), cancelled with the case, or still waiting. Pure.
import type { Case, CaseEvent, Offer, RoutingStep } from '../../../generated/types.gen.ts';
import { fhirId, practitioner, SYSTEM, type Resource } from './fhir-resources.ts';

export type OfferOutcome =
  'accepted' | 'declined' | 'timed-out' | 'escalated' | 'not-needed' | 'cancelled' | 'waiting';

const OUTCOME_DISPLAY: Record<OfferOutcome, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  'timed-out': 'Timed out: not accepted within the acknowledgement time',
  escalated: 'Escalated past',
  'not-needed': 'Not needed: another specialist accepted first',
  cancelled: 'Cancelled with the case',
  waiting: 'Waiting for an answer',
};

const STEP_WORDS: Record<RoutingStep, string> = {
  primary: 'the on-call specialist',
  backup: 'the backup specialist',
  all: 'every specialist of the specialty',
};

export const PRIORITY: Record<Case['urgency'], string> = {
  emergent: 'stat',
  urgent: 'urgent',
  routine: 'routine',
};

interface Escalation {
  readonly at: string;
  readonly from: RoutingStep | undefined;
  readonly to: RoutingStep | undefined;
  readonly reason: string;
}

const isStep = (value: unknown): value is RoutingStep =>
  value === 'primary' || value === 'backup' || value === 'all';

function escalationsOf(timeline: readonly CaseEvent[]): Escalation[] {
  return timeline
    .filter((event) => event.kind === 'escalated')
    .map((event) => ({
      at: event.at,
      from: isStep(event.data['from']) ? event.data['from'] : undefined,
      to: isStep(event.data['step']) ? event.data['step'] : undefined,
      reason: typeof event.data['reason'] === 'string' ? event.data['reason'] : '',
    }));
}

/** The escalation that moved the case past the offer while it was unanswered, if one did. */
function escalationPast(offer: Offer, escalations: readonly Escalation[]): Escalation | undefined {
  const answeredAt = offer.acceptedAt ?? offer.declinedAt;
  const offered = Date.parse(offer.offeredAt);
  return escalations.find((escalation) => {
    const at = Date.parse(escalation.at);
    if (at < offered || (answeredAt !== null && at >= Date.parse(answeredAt))) return false;
    return escalation.from === undefined || escalation.from === offer.step;
  });
}

export function offerOutcome(
  offer: Offer,
  item: Pick<Case, 'status' | 'assignedTo' | 'timeline'>,
): { outcome: OfferOutcome; reason: string | null; escalation: Escalation | undefined } {
  const escalation = escalationPast(offer, escalationsOf(item.timeline));
  if (offer.acceptedAt !== null) return { outcome: 'accepted', reason: null, escalation };
  if (offer.declinedAt !== null) return { outcome: 'declined', reason: offer.declineReason, escalation };
  if (escalation !== undefined) {
    const to = escalation.to === undefined ? 'the next step' : STEP_WORDS[escalation.to];
    return escalation.reason === 'not accepted in time'
      ? { outcome: 'timed-out', reason: `Not accepted in time: escalated to ${to}`, escalation }
      : { outcome: 'escalated', reason: `Escalated to ${to} (${escalation.reason})`, escalation };
  }
  if (item.assignedTo !== null) return { outcome: 'not-needed', reason: null, escalation };
  if (item.status === 'cancelled') return { outcome: 'cancelled', reason: null, escalation };
  return { outcome: 'waiting', reason: null, escalation };
}

function taskStatus(offer: Offer, item: Pick<Case, 'status' | 'assignedTo' | 'consultation'>): string {
  if (offer.acceptedAt !== null) return item.consultation !== null ? 'completed' : 'accepted';
  if (offer.declinedAt !== null) return 'rejected';
  if (item.status === 'cancelled') return 'cancelled';
  if (item.assignedTo !== null) return 'cancelled'; // another specialist accepted first
  return offer.seenAt !== null ? 'received' : 'requested';
}

/** One Task per offer, in the order the offers were made. */
export function offerTasks(
  item: Case,
  refs: { readonly request: { reference: string }; readonly patient: { reference: string } },
): Resource[] {
  return item.offers.map((offer) => {
    const { outcome, reason, escalation } = offerOutcome(offer, item);
    return {
      resourceType: 'Task',
      id: fhirId('task', offer.id),
      status: taskStatus(offer, item),
      ...(reason ? { statusReason: { text: reason } } : {}),
      businessStatus: {
        coding: [{ system: `${SYSTEM}:offer-outcome`, code: outcome, display: OUTCOME_DISPLAY[outcome] }],
        text: OUTCOME_DISPLAY[outcome],
      },
      intent: 'order',
      priority: PRIORITY[item.urgency],
      focus: refs.request,
      basedOn: [refs.request],
      for: refs.patient,
      authoredOn: offer.offeredAt,
      lastModified:
        offer.acceptedAt ??
        offer.declinedAt ??
        escalation?.at ??
        offer.seenAt ??
        offer.deliveredAt ??
        offer.offeredAt,
      owner: practitioner(offer.specialist),
      note: [
        { text: `Routing step: ${offer.step}` },
        ...(offer.deliveredAt ? [{ time: offer.deliveredAt, text: 'Delivered to the specialist' }] : []),
        ...(offer.seenAt ? [{ time: offer.seenAt, text: 'Seen by the specialist' }] : []),
        ...(escalation && outcome !== 'timed-out' && outcome !== 'escalated'
          ? [{ time: escalation.at, text: `The case moved up its chain (${escalation.reason})` }]
          : []),
        ...(offer.declinedAt ? [{ time: offer.declinedAt, text: 'Declined' }] : []),
        ...(offer.acceptedAt ? [{ time: offer.acceptedAt, text: 'Accepted' }] : []),
      ],
    };
  });
}
