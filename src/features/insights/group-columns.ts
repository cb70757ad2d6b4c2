// The columns of a table of figures per group (specialty, urgency, hospital, day): what the screen shows and
// what the CSV carries (minutes with `_min`, shares from 0 to 1).
import type { InsightGroup } from '../../../generated/types.gen.ts';
import { secondsToMinutes } from '../../lib/csv.ts';
import type { Column } from './data-table.tsx';
import { formatCount, formatPercentile, formatShare } from './format.ts';

export const groupColumns = (
  first: string,
  csvFirst: string,
  approximate = false,
): Column<InsightGroup>[] => [
  { header: first, cell: (row) => row.name, csv: { header: csvFirst, value: (row) => row.name } },
  {
    header: 'Cases',
    cell: (row) => formatCount(row.figures.volume),
    csv: { header: 'cases', value: (row) => row.figures.volume },
    numeric: true,
  },
  {
    header: 'Median to accept',
    cell: (row) => formatPercentile(row.figures.intervals.requestToAccept.median, approximate),
    csv: {
      header: 'time_to_accept_median_min',
      value: (row) => secondsToMinutes(row.figures.intervals.requestToAccept.median),
    },
    numeric: true,
  },
  {
    header: '90th percentile to accept',
    cell: (row) => formatPercentile(row.figures.intervals.requestToAccept.p90, approximate),
    csv: {
      header: 'time_to_accept_p90_min',
      value: (row) => secondsToMinutes(row.figures.intervals.requestToAccept.p90),
    },
    numeric: true,
  },
  {
    header: 'Within target',
    cell: (row) => formatShare(row.figures.withinTargetShare),
    csv: { header: 'share_within_target', value: (row) => row.figures.withinTargetShare },
    numeric: true,
  },
  {
    header: 'Within acknowledgement time',
    cell: (row) => formatShare(row.figures.withinAckShare),
    csv: { header: 'share_within_ack', value: (row) => row.figures.withinAckShare },
    numeric: true,
  },
  {
    header: 'Escalated',
    cell: (row) => formatCount(row.figures.escalated),
    csv: { header: 'escalated', value: (row) => row.figures.escalated },
    numeric: true,
  },
  {
    header: 'Declines',
    cell: (row) => formatCount(row.figures.declines),
    csv: { header: 'declines', value: (row) => row.figures.declines },
    numeric: true,
  },
  {
    header: 'No coverage',
    cell: (row) => formatCount(row.figures.noCoverage),
    csv: { header: 'no_coverage', value: (row) => row.figures.noCoverage },
    numeric: true,
  },
  {
    header: 'Cancelled',
    cell: (row) => formatCount(row.figures.cancelled),
    csv: { header: 'cancelled', value: (row) => row.figures.cancelled },
    numeric: true,
  },
];
