// The case record leaving the app, from the case page: a printed one-page summary (the page itself under the
// print stylesheet: every timestamp of the timeline, the offers with their receipts, the thread, the
// consultation and the answers) and the FHIR R4 Bundle. The server audits each before it happens. Both sit in
// an overflow menu ("More actions"): on a phone the screen's room goes to the case and to answering it.
import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { exportCaseFhir, recordCasePrint } from '../../../../generated/sdk.gen.ts';
import { DotsIcon } from '../../../components/icons.tsx';
import { errorText } from '../../../lib/api/index.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { downloadText } from '../../../lib/download.ts';
import { useMe } from '../../../lib/use-me.ts';
import './case-print.css';

export function CaseRecordActions({
  caseId,
  displayNumber,
}: {
  readonly caseId: string;
  readonly displayNumber: string;
}) {
  const [busy, setBusy] = useState<'print' | 'fhir' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [printedAt, setPrintedAt] = useState<string | null>(null);
  const { me, timeZone } = useMe();
  const run = async (kind: 'print' | 'fhir') => {
    setBusy(kind);
    setProblem(null);
    try {
      if (kind === 'print') {
        await recordCasePrint({ path: { caseId }, throwOnError: true });
        // The paper says when and by whom it was printed: on the page before the dialog takes its picture.
        flushSync(() => {
          setPrintedAt(new Date().toISOString());
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
    <>
      {printedAt !== null && (
        <Text className="case-record-print-only" size="sm">
          Case record {displayNumber}, printed {formatDateTime(printedAt, timeZone)}
          {me ? ` by ${me.displayName}` : ''}. Times in {timeZone}.
        </Text>
      )}
      <div className="case-record-no-print">
        <Group justify="flex-end">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" mih={44} loading={busy !== null} leftSection={<DotsIcon />}>
                More actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item mih={44} onClick={() => void run('print')}>
                Print summary
              </Menu.Item>
              <Menu.Item mih={44} onClick={() => void run('fhir')}>
                Download FHIR bundle
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
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
