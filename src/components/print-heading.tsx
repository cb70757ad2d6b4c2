// What every print carries, on paper only: what it is, the hospital, who printed it and when, with the time
// zone (print.css adds "page x of y" to every page's footer). Rendered once the print is under way, so the
// time is the time of printing.
import { Text } from '@mantine/core';
import { formatDateTime, formatZone } from '../lib/date-time.ts';
import './print.css';

export interface PrintHeadingProps {
  readonly title: string;
  readonly hospital: string | null;
  readonly printedBy: string | null;
  readonly printedAt: string;
  readonly timeZone: string;
}

export function PrintHeading({ title, hospital, printedBy, printedAt, timeZone }: PrintHeadingProps) {
  return (
    <div className="print-only" data-testid="print-heading">
      <Text fw={700}>
        {title}
        {hospital ? ` · ${hospital}` : ''}
      </Text>
      <Text size="sm">
        Printed {formatDateTime(printedAt, timeZone)} ({formatZone(printedAt, timeZone)})
        {printedBy ? ` by ${printedBy}` : ''}. Every time on this page is in {timeZone}.
      </Text>
    </div>
  );
}
