// The headline figures of a range, each with its change against the previous range of as many days.
import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { InsightFigures } from '../../../generated/types.gen.ts';
import { formatChange, formatCount, formatPercentile, formatShare } from './format.ts';

interface Headline {
  readonly label: string;
  readonly value: string;
  readonly change: string | null;
}

function headlines(current: InsightFigures, previous: InsightFigures, approximate: boolean): Headline[] {
  const accept = current.intervals.requestToAccept;
  const before = previous.intervals.requestToAccept;
  return [
    {
      label: 'Median time to accept',
      value: formatPercentile(accept.median, approximate),
      change: formatChange(accept.median, before.median),
    },
    {
      label: '90th percentile to accept',
      value: formatPercentile(accept.p90, approximate),
      change: formatChange(accept.p90, before.p90),
    },
    {
      label: 'Accepted within target',
      value: formatShare(current.withinTargetShare),
      change: formatChange(current.withinTargetShare, previous.withinTargetShare),
    },
    {
      label: 'Accepted within acknowledgement time',
      value: formatShare(current.withinAckShare),
      change: formatChange(current.withinAckShare, previous.withinAckShare),
    },
    {
      label: 'Median request to consultation',
      value: formatPercentile(current.intervals.requestToConsultation.median, approximate),
      change: formatChange(
        current.intervals.requestToConsultation.median,
        previous.intervals.requestToConsultation.median,
      ),
    },
    {
      label: 'Cases',
      value: formatCount(current.volume),
      change: formatChange(current.volume, previous.volume),
    },
    {
      label: 'Escalated',
      value: formatCount(current.escalated),
      change: formatChange(current.escalated, previous.escalated),
    },
    {
      label: 'No on-call coverage',
      value: formatCount(current.noCoverage),
      change: formatChange(current.noCoverage, previous.noCoverage),
    },
  ];
}

export function HeadlineFigures({
  current,
  previous,
  approximate = false,
}: {
  readonly current: InsightFigures;
  readonly previous: InsightFigures;
  /** Medians and 90th percentiles are approximate: shown with "≈". */
  readonly approximate?: boolean;
}) {
  return (
    <SimpleGrid component="dl" aria-label="Headline figures" cols={{ base: 2, md: 4 }} spacing="sm" m={0}>
      {headlines(current, previous, approximate).map((item) => (
        <Paper key={item.label} withBorder p="sm">
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl">
            {item.value}
          </Text>
          <Text component="dd" m={0} size="xs" c="dimmed">
            {item.change ?? 'No previous figure to compare'}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
