// The case record leaving the app, from the case page: a printed one-page summary (the page itself under the
// print stylesheet: every timestamp of the timeline, the offers with their receipts, the thread, the
// consultation and the answers) and the FHIR R4 Bundle. The server audits each before it happens. On paper
// the live timers give way to their values at the moment of printing: a frozen clock would mislead.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { exportCaseFhir, recordCasePrint } from '../../../../generated/sdk.gen.ts';
import type { Case } from '../../../../generated/types.gen.ts';
import { PrintHeading } from '../../../components/print-heading.tsx';
import { errorText } from '../../../lib/api/index.ts';
import { formatDuration } from '../../../lib/date-time.ts';
import { downloadText } from '../../../lib/download.ts';
import { useMe } from '../../../lib/use-me.ts';
import { caseTexts, isFinal, isWaiting } from '../labels.ts';
import './case-print.css';

type PrintedCase = Pick<
  Case,
  'status' | 'doorTime' | 'targetDueAt' | 'acceptedAt' | 'closedAt' | 'cancelledAt' | 'createdAt'
>;

/** The timers' values at the moment of printing, as fixed text. */
export function elapsedAtPrint(item: PrintedCase, printedAt: string): { label: string; value: string }[] {
  const at = Date.parse(printedAt);
  const endedAt = item.closedAt ?? item.cancelledAt;
  const doorUntil = isFinal(item.status) && endedAt ? Date.parse(endedAt) : at;
  const target = Date.parse(item.targetDueAt);
  const toTarget = isWaiting(item.status)
    ? at <= target
      ? `${formatDuration(target - at)} left`
      : `overdue by ${formatDuration(at - target)}`
    : item.acceptedAt
      ? `accepted ${formatDuration(Date.parse(item.acceptedAt) - Date.parse(item.createdAt))} after opening`
      : '—';
  return [
    {
      label:
        isFinal(item.status) && endedAt ? 'Time from door to the end of the case' : caseTexts.timeSinceDoor,
      value: formatDuration(doorUntil - Date.parse(item.doorTime)),
    },
    { label: caseTexts.timeLeftToTarget, value: toTarget },
  ];
}

export function CaseRecordActions({ item }: { readonly item: Case }) {
  const [busy, setBusy] = useState<'print' | 'fhir' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [printedAt, setPrintedAt] = useState<string | null>(null);
  const { me, timeZone } = useMe();
  const zone = item.hospital.timeZone || timeZone;
  const run = async (kind: 'print' | 'fhir') => {
    setBusy(kind);
    setProblem(null);
    try {
      if (kind === 'print') {
        await recordCasePrint({ path: { caseId: item.id }, throwOnError: true });
        // The paper says when and by whom it was printed: on the page before the dialog takes its picture.
        flushSync(() => {
          setPrintedAt(new Date().toISOString());
        });
        window.print();
      } else {
        const { data } = await exportCaseFhir({ path: { caseId: item.id }, throwOnError: true });
        downloadText(
          `${item.displayNumber}-fhir.json`,
          JSON.stringify(data, null, 2),
          'application/fhir+json',
        );
      }
    } catch (error) {
      setProblem(`${errorText(error)} Try again.`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {printedAt !== null && (
        <>
          <PrintHeading
            title={`Case record ${item.displayNumber}`}
            hospital={item.hospital.name}
            printedBy={me?.displayName ?? null}
            printedAt={printedAt}
            timeZone={zone}
          />
          <div className="print-only case-record-elapsed">
            {elapsedAtPrint(item, printedAt).map((entry) => (
              <Text key={entry.label} size="sm">
                <strong>{entry.label} at printing:</strong> {entry.value}
              </Text>
            ))}
          </div>
        </>
      )}
      <div className="case-record-no-print">
        <Group gap="sm">
          <Button variant="default" mih={44} loading={busy === 'print'} onClick={() => void run('print')}>
            Print summary
          </Button>
          <Button variant="default" mih={44} loading={busy === 'fhir'} onClick={() => void run('fhir')}>
            Download FHIR bundle
          </Button>
        </Group>
        {problem !== null && (
          <Alert color="red" role="alert" mt="xs" title="The case record could not be made">
            {problem}
          </Alert>
        )}
      </div>
    </>
  );
}
