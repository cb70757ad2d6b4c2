// Each state its own colour and icon, and its word, so it reads without colour: a case nobody has accepted
// (pending, escalated) never looks like one somebody has. Red, orange and green stay urgency's alone.
import type { ReactNode } from 'react';
import type { CaseStatus } from '../../../../generated/types.gen.ts';
import {
  AlertTriangleIcon,
  ArrowUpIcon,
  CheckIcon,
  CrossIcon,
  HourglassIcon,
  LockIcon,
  MessageIcon,
} from '../../../components/icons.tsx';
import { StateBadge } from '../../../components/state-badge.tsx';
import { caseTexts, isFinal, isWaiting, statusLabels } from '../labels.ts';

const look: Readonly<Record<CaseStatus, { readonly color: string; readonly icon: ReactNode }>> = {
  pending: { color: 'clinical.8', icon: <HourglassIcon size={14} /> },
  escalated: { color: 'grape.9', icon: <ArrowUpIcon size={14} /> },
  accepted: { color: 'indigo.8', icon: <CheckIcon size={14} /> },
  responded: { color: 'blue.9', icon: <MessageIcon size={14} /> },
  closed: { color: 'gray.8', icon: <LockIcon size={14} /> },
  cancelled: { color: 'gray.8', icon: <CrossIcon size={14} /> },
};

export function StatusBadge({ status }: { readonly status: CaseStatus }) {
  const { color, icon } = look[status];
  return <StateBadge label={statusLabels[status]} color={color} icon={icon} outline={isFinal(status)} />;
}

/**
 * A waiting case nobody was on call for: its own words and colour (yellow, dark text), beside its state, on
 * every list, board and case page. Nothing once somebody has accepted it.
 */
export function NoCoverageBadge({
  status,
  noCoverage,
}: {
  readonly status: CaseStatus;
  readonly noCoverage: boolean;
}) {
  if (!noCoverage || !isWaiting(status)) return null;
  return <StateBadge label={caseTexts.noCoverage} color="yellow.4" icon={<AlertTriangleIcon size={14} />} />;
}
