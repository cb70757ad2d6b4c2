// The clinical content of a case: patient, times, summary, vital signs and triage answers. A long summary is
// folded after about 600 characters behind "Show all", so the vital signs and the answers stay near the top of
// a phone's screen; on paper it is printed whole.
import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { Case, TriageQuestion } from '../../../../generated/types.gen.ts';
import { patientLine } from '../labels.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { pendingOf } from './pending.ts';

const vitalLabels: readonly [keyof Case['vitals'], string, string][] = [
  ['heartRate', 'Heart rate', 'bpm'],
  ['systolicBp', 'Systolic BP', 'mmHg'],
  ['diastolicBp', 'Diastolic BP', 'mmHg'],
  ['respiratoryRate', 'Respiratory rate', '/min'],
  ['spo2', 'SpO2', '%'],
  ['temperatureC', 'Temperature', '°C'],
  ['gcs', 'GCS', ''],
];

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** Summaries longer than this are folded; the fold falls at the last space before it. */
export const SUMMARY_FOLD = 600;

function folded(text: string): string {
  const cut = text.lastIndexOf(' ', SUMMARY_FOLD);
  return `${text.slice(0, cut > SUMMARY_FOLD / 2 ? cut : SUMMARY_FOLD).trimEnd()}…`;
}

function Summary({ text }: { readonly text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text.length <= SUMMARY_FOLD) return <span style={{ whiteSpace: 'pre-wrap' }}>{text}</span>;
  return (
    <>
      <span id={id} style={{ whiteSpace: 'pre-wrap' }} className={open ? undefined : 'case-record-no-print'}>
        {open ? text : folded(text)}
      </span>
      {!open && (
        <span className="print-only" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </span>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        mih={44}
        px={0}
        display="block"
        aria-expanded={open}
        aria-controls={id}
        className="case-record-no-print"
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        {open ? 'Show less' : 'Show all'}
      </Button>
    </>
  );
}

function answerText(value: unknown, question: TriageQuestion | undefined, timeZone: string): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return question?.unit ? `${value} ${question.unit}` : String(value);
  if (typeof value === 'string' && question?.kind === 'date_time') return formatDateTime(value, timeZone);
  return String(value);
}

export interface CaseDetailsProps {
  readonly item: Case;
  readonly timeZone: string;
  /** The questions as the case was asked them, to label the answers; answers to unknown ones show their id. */
  readonly questions: readonly TriageQuestion[];
}

export function CaseDetails({ item, timeZone, questions }: CaseDetailsProps) {
  const vitals = vitalLabels.filter(([name]) => item.vitals[name] !== undefined);
  // In the order they were asked; an answer to a question the version does not know comes last, by its id.
  const asked = new Set(questions.map((question) => question.id));
  const answers = [
    ...questions.filter((question) => question.id in item.triageAnswers).map((question) => question.id),
    ...Object.keys(item.triageAnswers).filter((id) => !asked.has(id)),
  ].map((id) => [id, item.triageAnswers[id]] as const);
  const byId = new Map(questions.map((question) => [question.id, question]));
  // An emergent case is sent with the minimum data set: its required questions left unanswered follow later.
  const pending = pendingOf(item, questions).questions;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="case-details-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="case-details-title">
          Details
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Fact label="Patient">{patientLine(item.patient)}</Fact>
          <Fact label="Arrival time">
            <time dateTime={item.doorTime}>{formatDateTime(item.doorTime, timeZone)}</time>
          </Fact>
          <Fact label="Opened">
            {item.openedBy.displayName},{' '}
            <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, timeZone)}</time>
          </Fact>
          <Fact label="Assigned to">{item.assignedTo?.displayName ?? 'Nobody yet'}</Fact>
        </SimpleGrid>
        {item.clinicalSummary && (
          <Fact label="Summary">
            <Summary text={item.clinicalSummary} />
          </Fact>
        )}
        {vitals.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h5">
              Vital signs
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
              {vitals.map(([name, label, unit]) => (
                <Fact key={name} label={label}>
                  {item.vitals[name]} {unit}
                </Fact>
              ))}
            </SimpleGrid>
          </Stack>
        )}
        {vitals.length === 0 && (
          <Fact label="Vital signs">
            <Text span fs="italic">
              Pending: not given yet
            </Text>
          </Fact>
        )}
        {answers.length + pending.length > 0 && (
          <Stack gap={4}>
            <Title order={3} size="h5">
              Triage answers
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              {answers.map(([id, value]) => (
                <Fact key={id} label={byId.get(id)?.label ?? id}>
                  {answerText(value, byId.get(id), timeZone)}
                </Fact>
              ))}
              {pending.map((question) => (
                <Fact key={question.id} label={question.label}>
                  <Text span fs="italic" data-testid="pending-answer">
                    Pending: not answered yet
                  </Text>
                </Fact>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
