// One case as everyone concerned sees it; the screen adds what its role may do (actions, consultation form).
import { Alert, Grid, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Case, TriageQuestion } from '../../../../generated/types.gen.ts';
import { ErrorState, LoadingState } from '../../../components/states.tsx';
import { usePageSubject } from '../../../lib/page-title.ts';
import { isFinal } from '../labels.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { AttachmentsPanel } from './attachments-panel.tsx';
import { CaseDetails } from './case-details.tsx';
import { CaseHeader } from './case-header.tsx';
import { CaseThread } from './case-thread.tsx';
import { CaseTimeline } from './case-timeline.tsx';
import { ConsultationView } from './consultation-view.tsx';
import { OffersList } from './offers-list.tsx';
import { WaitingBanner } from './waiting-banner.tsx';

export interface CaseViewProps {
  readonly item: Case;
  readonly timeZone: string;
  readonly questions: readonly TriageQuestion[];
  /** The buttons the caller's role may use on this case. */
  readonly actions?: ReactNode;
  /** Where the consultation goes while there is none yet (the assigned specialist's form). */
  readonly consultationForm?: ReactNode;
  readonly canUpload: boolean;
  /** Whether the caller may write on the thread (a specialist no longer involved only reads it). */
  readonly canPost?: boolean;
}

export function CaseView({
  item,
  timeZone,
  questions,
  actions,
  consultationForm,
  canUpload,
  canPost = true,
}: CaseViewProps) {
  const open = !isFinal(item.status);
  usePageSubject(item.displayNumber);
  return (
    // Long identifiers (an MRN, a case number, a word of a complaint) break inside their card, never past it.
    <Stack gap="md" style={{ overflowWrap: 'anywhere' }}>
      <CaseHeader item={item} />
      <WaitingBanner item={item} timeZone={timeZone} />
      {actions && <Group gap="sm">{actions}</Group>}
      {item.status === 'cancelled' && (
        <Alert color="gray" title="Cancelled">
          {item.cancelledAt ? formatDateTime(item.cancelledAt, timeZone) : ''}
          {item.cancelReason ? `: ${item.cancelReason}` : ''}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {item.consultation && <ConsultationView consultation={item.consultation} timeZone={timeZone} />}
            {/* The clinical facts come before any form: the specialist answers what they have just read. */}
            <CaseDetails item={item} timeZone={timeZone} questions={questions} />
            {!item.consultation && consultationForm}
            <AttachmentsPanel caseId={item.id} attachments={item.attachments} canUpload={canUpload && open} />
            <CaseThread
              caseId={item.id}
              messages={item.messages}
              timeZone={timeZone}
              canPost={canPost && open}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <OffersList offers={item.offers} timeZone={timeZone} />
            <CaseTimeline events={item.timeline} timeZone={timeZone} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export interface CaseLoadingProps {
  /** What the person can do about a failed load; null while it loads. */
  readonly error: string | null;
  readonly onRetry: () => void;
  readonly retrying?: boolean;
}

export function CaseLoading({ error, onRetry, retrying }: CaseLoadingProps) {
  if (error !== null) {
    return (
      <ErrorState
        title="The case could not be loaded."
        message={error}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  return <LoadingState label="Loading the case…" />;
}
