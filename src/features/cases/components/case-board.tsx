// The ER's board on a desktop around its table: the loading, error and empty states, the filter that hides
// accepted cases from earlier shifts (on by default: the board is about this shift's work), and pages of
// BOARD_PAGE_ROWS rows, so a board of 200 open cases renders what a board of 20 does.
import { Button, Group, Stack, Switch, Text } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import type { CaseSummary } from '../../../../generated/types.gen.ts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states.tsx';
import { useOfflineSince } from '../../../lib/connection.ts';
import { formatTimeOfDay } from '../../../lib/date-time.ts';
import type { CaseListResult } from '../api/use-case-list.ts';
import { isWaiting } from '../labels.ts';
import { type BoardContact, CaseBoardTable } from './case-board-table.tsx';

/** Rows on one page of the board. */
export const BOARD_PAGE_ROWS = 50;

export const caseBoardTexts = {
  showEarlier: 'Show accepted from earlier shifts',
  empty: 'No open case in the emergency room.',
  emptyThisShift: 'No open case in this shift. Accepted cases from earlier shifts are hidden.',
  previous: 'Previous page',
  next: 'Next page',
} as const;

/** An accepted (or answered) case opened before this shift began: hidden unless asked for. */
function fromEarlierShift(item: CaseSummary, shiftStart: number): boolean {
  return !isWaiting(item.status) && Date.parse(item.createdAt) < shiftStart;
}

export interface CaseBoardProps {
  readonly list: CaseListResult;
  readonly hrefFor: (caseId: string) => string;
  readonly timeZone: string;
  /** When the emergency room's current shift began. */
  readonly shiftStart: number;
  readonly contactFor: (item: CaseSummary) => BoardContact | null;
  readonly Reassign?: ComponentType<{ item: CaseSummary }>;
}

export function CaseBoard({ list, hrefFor, timeZone, shiftStart, contactFor, Reassign }: CaseBoardProps) {
  const [showEarlier, setShowEarlier] = useState(false);
  const [page, setPage] = useState(0);
  const offline = useOfflineSince();
  if (list.error !== null) {
    return (
      <ErrorState
        title="The cases could not be loaded."
        message={list.error}
        onRetry={list.retry}
        retrying={list.retrying}
      />
    );
  }
  if (list.isPending) return <LoadingState label="Loading cases…" />;
  const hidden = list.cases.filter((item) => fromEarlierShift(item, shiftStart)).length;
  const shown = showEarlier ? list.cases : list.cases.filter((item) => !fromEarlierShift(item, shiftStart));
  const pages = Math.max(1, Math.ceil(shown.length / BOARD_PAGE_ROWS));
  // A page asked of the server is shown once it comes; until then it is the page after the last loaded one.
  const current = Math.min(page, list.hasNextPage ? pages : pages - 1);
  const rows = shown.slice(current * BOARD_PAGE_ROWS, (current + 1) * BOARD_PAGE_ROWS);
  const more = current < pages - 1 || list.hasNextPage;
  const first = current * BOARD_PAGE_ROWS + 1;
  return (
    <Stack gap="sm">
      <Switch
        checked={showEarlier}
        onChange={(event) => {
          setShowEarlier(event.currentTarget.checked);
          setPage(0);
        }}
        label={
          hidden > 0 && !showEarlier
            ? `${caseBoardTexts.showEarlier} (${String(hidden)} hidden)`
            : caseBoardTexts.showEarlier
        }
        size="md"
        styles={{ root: { minHeight: 44, display: 'flex', alignItems: 'center' } }}
      />
      {shown.length === 0 && offline !== null ? (
        <ErrorState
          title="The cases could not be checked."
          message={`No connection since ${formatTimeOfDay(offline, timeZone)}: a new case may be waiting. Check the network connection, then press Retry.`}
          onRetry={list.retry}
          retrying={list.retrying}
        />
      ) : rows.length === 0 && list.isFetchingNextPage ? (
        <LoadingState label="Loading cases…" />
      ) : shown.length === 0 ? (
        <EmptyState>{hidden > 0 ? caseBoardTexts.emptyThisShift : caseBoardTexts.empty}</EmptyState>
      ) : (
        <CaseBoardTable
          caption={`Open cases, most urgent first: ${String(first)}–${String(first + rows.length - 1)}${list.hasNextPage ? '' : ` of ${String(shown.length)}`}`}
          cases={rows}
          hrefFor={hrefFor}
          timeZone={timeZone}
          contactFor={contactFor}
          {...(Reassign ? { Reassign } : {})}
        />
      )}
      {pages > 1 || list.hasNextPage ? (
        <Group gap="sm">
          <Button
            variant="default"
            disabled={current === 0}
            onClick={() => {
              setPage(current - 1);
            }}
          >
            {caseBoardTexts.previous}
          </Button>
          <Text size="sm">
            Page {current + 1}
            {list.hasNextPage ? '' : ` of ${String(pages)}`}
          </Text>
          <Button
            variant="default"
            disabled={!more}
            loading={list.isFetchingNextPage}
            onClick={() => {
              // The next page of rows may still be on the server: ask for it, and show it when it comes.
              if ((current + 2) * BOARD_PAGE_ROWS > shown.length && list.hasNextPage) {
                list.loadMore();
              }
              setPage(current + 1);
            }}
          >
            {caseBoardTexts.next}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
