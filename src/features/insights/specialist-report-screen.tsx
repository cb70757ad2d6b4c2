// /specialist/specialist-report: the specialist's own figures and consultations for a period, as a clean
// report on A4 or Letter (the print stylesheet drops the navigation and the buttons), and as CSV.
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { getSpecialistReportOptions } from '../../../generated/@tanstack/react-query.gen.ts';
import { recordSpecialistReportPrint } from '../../../generated/sdk.gen.ts';
import { PrintHeading } from '../../components/print-heading.tsx';
import { errorText } from '../../lib/api/index.ts';
import { csvFileName, secondsToMinutes } from '../../lib/csv.ts';
import { formatDateTime, isoWithOffset } from '../../lib/date-time.ts';
import { useMe } from '../../lib/use-me.ts';
import { DataTable } from './data-table.tsx';
import { FiltersBar } from './filters-bar.tsx';
import { formatDay, formatDuration } from './format.ts';
import { OwnFigures } from './physician-insights-screen.tsx';
import { InsightsError, InsightsLoading } from './state-views.tsx';
import { useInsightsFilters } from './use-insights-filters.ts';
import './mantine-styles.ts';

const DISPOSITIONS: Record<string, string> = {
  admit: 'Admit',
  transfer: 'Transfer',
  discharge_with_follow_up: 'Discharge with follow-up',
  further_tests: 'Further tests',
  specialist_to_see_patient: 'Specialist to see patient',
};

const seconds = (from: string, to: string | null) =>
  to === null ? null : (Date.parse(to) - Date.parse(from)) / 1000;

export function SpecialistReportScreen({ title }: { readonly title: string }) {
  const { me, timeZone } = useMe();
  const { filters, update } = useInsightsFilters(timeZone);
  const report = useQuery({
    ...getSpecialistReportOptions({ query: { from: filters.from, to: filters.to } }),
    placeholderData: (previous) => previous,
  });
  const { data } = report;
  const [printing, setPrinting] = useState(false);
  const [printProblem, setPrintProblem] = useState<string | null>(null);
  const [printedAt, setPrintedAt] = useState<string | null>(null);
  // Every print leaves an audit event first: no audit, no print.
  const print = async () => {
    setPrinting(true);
    setPrintProblem(null);
    try {
      await recordSpecialistReportPrint({
        query: { from: filters.from, to: filters.to },
        throwOnError: true,
      });
      // The paper says when and by whom it was printed: on the page before the dialog takes its picture.
      flushSync(() => {
        setPrintedAt(new Date().toISOString());
      });
      window.print();
    } catch (error) {
      setPrintProblem(`${errorText(error)} Try again.`);
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Stack gap="md">
      {printedAt !== null && (
        <PrintHeading
          title={`Specialist report${data ? ` of ${data.physician.displayName}` : ''}`}
          hospital={me?.hospital?.name ?? null}
          printedBy={me?.displayName ?? null}
          printedAt={printedAt}
          timeZone={timeZone}
        />
      )}
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {data && (
            <Text c="dimmed">
              {data.physician.displayName} · {formatDay(data.range.from)} to {formatDay(data.range.to)}
            </Text>
          )}
        </Stack>
        <Button
          className="insights-no-print"
          mih={44}
          loading={printing}
          onClick={() => void print()}
          disabled={!data}
        >
          Print report
        </Button>
      </Group>
      {printProblem !== null && (
        <Alert className="insights-no-print" color="red" role="alert" title="The report could not be printed">
          {printProblem}
        </Alert>
      )}
      <div className="insights-no-print">
        <FiltersBar filters={filters} onChange={update} hospitals={[]} periodOnly />
      </div>
      {report.isError ? (
        <InsightsError error={report.error} onRetry={() => void report.refetch()} />
      ) : data === undefined ? (
        <InsightsLoading label="Loading your report…" />
      ) : (
        <Stack gap="md" aria-busy={report.isFetching}>
          {data.figures ? (
            <OwnFigures row={data.figures} specialtyMedian={data.specialtyMedian} />
          ) : (
            <Text>No case was offered to you in this period.</Text>
          )}
          <Title order={2} size="h4">
            Consultations
          </Title>
          <DataTable
            caption="My consultations in this period"
            emptyMessage="You wrote no consultation in this period."
            fileName={csvFileName('specialist-report', {
              hospitalId: me?.hospital?.id ?? '',
              from: data.range.from,
              to: data.range.to,
            })}
            rows={data.consultations}
            rowKey={(row) => row.caseId}
            columns={[
              {
                header: 'Case',
                cell: (row) => row.displayNumber,
                nowrap: true,
                csv: { header: 'case_number', value: (row) => row.displayNumber },
              },
              {
                header: 'Specialty',
                cell: (row) => row.specialty,
                csv: { header: 'specialty', value: (row) => row.specialty },
              },
              {
                header: 'Urgency',
                cell: (row) => row.urgency,
                csv: { header: 'urgency', value: (row) => row.urgency },
              },
              {
                header: 'Opened',
                cell: (row) => formatDateTime(row.openedAt, timeZone),
                csv: { header: 'opened_at', value: (row) => isoWithOffset(row.openedAt, timeZone) },
              },
              {
                header: 'Time to accept',
                cell: (row) => formatDuration(seconds(row.openedAt, row.acceptedAt)),
                csv: {
                  header: 'time_to_accept_min',
                  value: (row) => secondsToMinutes(seconds(row.openedAt, row.acceptedAt)),
                },
                numeric: true,
              },
              {
                header: 'Consulted',
                cell: (row) => formatDateTime(row.consultedAt, timeZone),
                csv: { header: 'consulted_at', value: (row) => isoWithOffset(row.consultedAt, timeZone) },
              },
              {
                header: 'Disposition',
                cell: (row) => DISPOSITIONS[row.disposition] ?? row.disposition,
                csv: { header: 'disposition', value: (row) => row.disposition },
              },
            ]}
          />
        </Stack>
      )}
    </Stack>
  );
}
