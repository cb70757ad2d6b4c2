// Every event of the case, oldest first, with who did it and when.
import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { CaseEvent } from '../../../../generated/types.gen.ts';
import { dispositionLabels, eventLabels, stepTargets, vitalSignLabels } from '../labels.ts';
import { formatDateTime } from '../../../lib/date-time.ts';

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function detail(event: CaseEvent): string | null {
  const { data } = event;
  switch (event.kind) {
    case 'offered':
    case 'realerted':
    case 'escalated': {
      const step = text(data['step']);
      const reason = text(data['reason']);
      const parts = [
        step && step in stepTargets ? stepTargets[step as keyof typeof stepTargets] : null,
        reason,
      ];
      return parts.filter((part) => part !== null).join(': ') || null;
    }
    case 'declined':
    case 'cancelled':
      return text(data['reason']);
    case 'closed': {
      const disposition = text(data['disposition']);
      const label =
        disposition && disposition in dispositionLabels
          ? dispositionLabels[disposition as keyof typeof dispositionLabels]
          : null;
      return [label, text(data['note'])].filter((part) => part !== null).join(': ') || null;
    }
    case 'attachment':
      return text(data['fileName']);
    case 'answers_added': {
      // Which signs and how many answers: the values are in the details, not repeated here.
      const names = (Array.isArray(data['vitals']) ? data['vitals'] : []).map((name) =>
        typeof name === 'string' ? (vitalSignLabels[name] ?? name) : '',
      );
      const answers = Array.isArray(data['questionIds']) ? data['questionIds'].length : 0;
      const parts = [
        names.filter((name) => name !== '').join(', '),
        answers === 0 ? '' : answers === 1 ? '1 triage answer' : `${answers} triage answers`,
      ];
      return parts.filter((part) => part !== '').join(' · ') || null;
    }
    default:
      return null;
  }
}

export function CaseTimeline({
  events,
  timeZone,
}: {
  readonly events: readonly CaseEvent[];
  readonly timeZone: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="timeline-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="timeline-title">
          Timeline
        </Title>
        <Timeline bulletSize={12} lineWidth={2} active={events.length - 1} aria-label="Timeline">
          {events.map((event) => {
            const more = detail(event);
            return (
              <Timeline.Item key={event.id} title={eventLabels[event.kind]}>
                <Text size="xs" c="dimmed">
                  <time dateTime={event.at}>{formatDateTime(event.at, timeZone)}</time>
                  {event.actor ? ` · ${event.actor.displayName}` : ''}
                </Text>
                {more !== null && <Text size="sm">{more}</Text>}
              </Timeline.Item>
            );
          })}
        </Timeline>
      </Stack>
    </Paper>
  );
}
