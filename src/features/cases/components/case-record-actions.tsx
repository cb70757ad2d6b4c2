// The case record leaving the app, from the case page: a printed one-page summary (the page itself under the
// print stylesheet: every timestamp of the timeline, the offers with their receipts, the thread, the
// consultation and the answers) and the FHIR R4 Bundle. Both are for the case's ER side and the specialist
// who accepted it (the server's rule), and the server audits each before it happens. The browser's own print
// of the page (its menu, Ctrl+P) is not audited, so it prints no case: only a line saying how to print it,
// or that this account may not.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { Case } from '../../../../generated/types.gen.ts';
import { exportCaseFhir, recordCasePrint } from '../../../../generated/sdk.gen.ts';
import { errorText } from '../../../lib/api/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { downloadText } from '../../../lib/download.ts';
import { useMe } from '../../../lib/use-me.ts';
import './case-print.css';

export const caseRecordTexts = {
  printOnlyThroughButton:
    'This case is printed with “Print summary” on its page, which records every print. Nothing else on this page is printed.',
  notYours:
    'This case record is not printed from your account: only the emergency room of the case and the specialist who accepted it may print or export it.',
} as const;

/** The specialist side of the rule: the case is, or was, theirs (they accepted it). */
export function specialistMayExport(item: Case, userId: string | undefined): boolean {
  if (userId === undefined) return false;
  if (item.assignedTo?.id === userId) return true;
  return item.offers.some((offer) => offer.specialist.id === userId && offer.acceptedAt !== null);
}

/**
 * The case page's frame: the record's actions (for those who may take the record away) above the page's
 * content, which is printed only through "Print summary".
 */
export function CaseRecordPage({
  caseId,
  displayNumber,
  mayExport,
  children,
}: {
  readonly caseId: string;
  readonly displayNumber: string;
  readonly mayExport: boolean;
  readonly children: ReactNode;
}) {
  const [busy, setBusy] = useState<'print' | 'fhir' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [printedAt, setPrintedAt] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const { me, timeZone } = useMe();
  useEffect(() => {
    // The audited print lasts until the print dialog closes; any later print is the browser's own again.
    const done = () => {
      setPrinting(false);
    };
    window.addEventListener('afterprint', done);
    return () => {
      window.removeEventListener('afterprint', done);
    };
  }, []);
  const run = async (kind: 'print' | 'fhir') => {
    setBusy(kind);
    setProblem(null);
    try {
      if (kind === 'print') {
        await recordCasePrint({ path: { caseId }, throwOnError: true });
        // The paper says when and by whom it was printed: on the page before the dialog takes its picture.
        flushSync(() => {
          setPrintedAt(new Date().toISOString());
          setPrinting(true);
        });
        window.print();
      } else {
        const { data } = await exportCaseFhir({ path: { caseId }, throwOnError: true });
        downloadText(`${displayNumber}-fhir.json`, JSON.stringify(data, null, 2), 'application/fhir+json');
      }
    } catch (error) {
      setProblem(`${errorText(error)} Try again.`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="md" className={printing ? 'case-record-page case-record-printing' : 'case-record-page'}>
      <Text className="case-record-print-refusal">
        {mayExport ? caseRecordTexts.printOnlyThroughButton : caseRecordTexts.notYours}
      </Text>
      {printedAt !== null && (
        <Text className="case-record-print-only" size="sm">
          Case record {displayNumber}, printed {formatDateTime(printedAt, timeZone)}
          {me ? ` by ${me.displayName}` : ''}. Times in {timeZone}.
        </Text>
      )}
      {mayExport && (
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
      )}
      {children}
    </Stack>
  );
}
