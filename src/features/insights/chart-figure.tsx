// A chart for the eye and, under it, the table behind it: the table is the chart's text alternative, so the
// drawing itself is hidden from assistive technology (and from the keyboard: no accessibility layer).
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ChartFigureProps {
  readonly title: string;
  /** Controls of the chart (outside the hidden drawing, so a keyboard and a screen reader reach them). */
  readonly controls?: ReactNode;
  readonly chart: ReactNode;
  readonly table: ReactNode;
}

export function ChartFigure({ title, controls, chart, table }: ChartFigureProps) {
  return (
    <Paper component="section" withBorder p="sm" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {controls}
        <div aria-hidden="true" className="insights-chart">
          {chart}
        </div>
        {table}
      </Stack>
    </Paper>
  );
}
