// The routing chain: the on-call primary, then the shift's backup, then every specialist of
// the specialty at the hospital. No shift covering now: everyone of the specialty at once, marked as no
// coverage. Pure: the caller reads the shift and the specialists as they are at this moment.
import type { RoutingStep } from '../../../generated/types.gen.ts';

export interface CoveringShift {
  readonly primaryId: string;
  readonly backupId: string | null;
}

export interface RoutingContext {
  /** The shift covering now, if any (the schedule as it is at this moment). */
  readonly shift: CoveringShift | null;
  /** Every specialist of the specialty at the hospital. */
  readonly specialistIds: readonly string[];
  /** Specialists who declined this case: never offered it again. */
  readonly declinedIds: readonly string[];
}

export interface RoutingDecision {
  readonly step: RoutingStep;
  /** Whom to offer the case to now (new offers). */
  readonly offerTo: readonly string[];
  readonly noCoverage: boolean;
  /** The ER admins are told: nobody covers, or the case reached the whole specialty. */
  readonly notifyAdmins: boolean;
  /** The end of the chain: no later step exists (the case keeps re-alerting, no more escalation). */
  readonly final: boolean;
}

function everyone(context: RoutingContext): string[] {
  const declined = new Set(context.declinedIds);
  return [...new Set(context.specialistIds)].filter((id) => !declined.has(id));
}

function allStep(context: RoutingContext, noCoverage: boolean): RoutingDecision {
  return { step: 'all', offerTo: everyone(context), noCoverage, notifyAdmins: true, final: true };
}

/** Where a new case goes. */
export function initialRoute(context: RoutingContext): RoutingDecision {
  if (context.shift === null) return allStep(context, true);
  return nextFrom(null, context);
}

/** Where the case goes after `current` timed out or was declined by everyone it was offered to. */
export function nextRoute(current: RoutingStep, context: RoutingContext): RoutingDecision {
  return nextFrom(current, context);
}

function nextFrom(current: RoutingStep | null, context: RoutingContext): RoutingDecision {
  const declined = new Set(context.declinedIds);
  const { shift } = context;
  if (current === null && shift !== null && !declined.has(shift.primaryId)) {
    return {
      step: 'primary',
      offerTo: [shift.primaryId],
      noCoverage: false,
      notifyAdmins: false,
      final: false,
    };
  }
  if (
    (current === null || current === 'primary') &&
    shift?.backupId != null &&
    !declined.has(shift.backupId)
  ) {
    return {
      step: 'backup',
      offerTo: [shift.backupId],
      noCoverage: false,
      notifyAdmins: false,
      final: false,
    };
  }
  return allStep(context, false);
}
