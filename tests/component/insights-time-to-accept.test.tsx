// The time-to-accept chart reads honestly: the clinical target as a line with its value, a continuous time
// axis with empty days as gaps, median and 90th percentile distinguishable when equal (a dot and a square,
// both in the legend), each point's count in its tooltip and the table, few-case points marked.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HospitalInsights, InsightFigures } from '../../generated/types.gen.ts';
import { TimeToAcceptFigure } from '../../src/features/insights/time-to-accept-figure.tsx';
import { contractExample } from '../../src/mock/fixtures.ts';
import { renderUi } from '../support/harness.tsx';

function figures(volume: number, median: number, p90: number): InsightFigures {
  const base = (contractExample('HospitalInsights') as HospitalInsights).totals;
  return {
    ...base,
    volume,
    intervals: { ...base.intervals, requestToAccept: { median, p90 } },
  };
}

function data(targetMinutes: number | null): HospitalInsights {
  return {
    ...(contractExample('HospitalInsights') as HospitalInsights),
    range: { from: '2026-10-01', to: '2026-10-05' },
    targetMinutes,
    // Cases on the 1st, 2nd and 5th only; median and 90th percentile equal on the 2nd.
    trend: [
      { start: '2026-10-01', figures: figures(12, 240, 600) },
      { start: '2026-10-02', figures: figures(3, 300, 300) },
      { start: '2026-10-05', figures: figures(8, 180, 420) },
    ],
  };
}

const render = (targetMinutes: number | null) =>
  renderUi(
    <TimeToAcceptFigure data={data(targetMinutes)} bucket="day" onBucket={vi.fn()} fileName="t.csv" />,
  );

describe('the time-to-accept chart', () => {
  it('draws the clinical target as a line and states its value', () => {
    const { container } = render(15);
    const target = container.querySelector('svg.insights-chart-svg [data-target="15"]');
    expect(target).not.toBeNull();
    expect(target).toHaveTextContent('Target 15 min');
    expect(screen.getByText('Clinical target: accepted within 15 min.')).toBeInTheDocument();
  });

  it('says so when no single target applies, and draws none', () => {
    const { container } = render(null);
    expect(container.querySelector('[data-target]')).toBeNull();
    expect(screen.getByText(/No single clinical target applies/)).toBeInTheDocument();
  });

  it('spaces every day of the range and leaves the days without cases as gaps', () => {
    const { container } = render(15);
    const svg = container.querySelector('svg.insights-chart-svg') as SVGElement;
    for (const day of ['1 Oct 2026', '2 Oct 2026', '3 Oct 2026', '4 Oct 2026', '5 Oct 2026']) {
      expect(within(svg as unknown as HTMLElement).getByText(day)).toBeInTheDocument();
    }
    const median = svg.querySelector('[data-series="Median to accept (min)"]') as SVGElement;
    // The 1st and 2nd joined, then a gap over the 3rd and 4th, then the 5th alone.
    const lines = [...median.querySelectorAll('polyline')].map((line) => line.getAttribute('points'));
    expect(lines).toHaveLength(2);
    expect(lines[0]?.split(' ')).toHaveLength(2);
    expect(lines[1]?.split(' ')).toHaveLength(1);
  });

  it('marks median and 90th percentile differently, both in the legend, visible when equal', () => {
    const { container } = render(15);
    const svg = container.querySelector('svg.insights-chart-svg') as SVGElement;
    const medianMarks = svg.querySelectorAll('[data-series="Median to accept (min)"] circle');
    const p90Marks = svg.querySelectorAll('[data-series="90th percentile (min)"] rect');
    expect(medianMarks).toHaveLength(3);
    expect(p90Marks).toHaveLength(3);
    // On the 2nd both are 5 min: the square is drawn around the dot, so neither hides the other.
    expect(Number(p90Marks[1]?.getAttribute('y')) + 5).toBeCloseTo(
      Number(medianMarks[1]?.getAttribute('cy')),
    );
    const legend = container.querySelector('.insights-legend') as HTMLElement;
    expect(legend).toHaveTextContent('Median to accept (min)');
    expect(legend).toHaveTextContent('90th percentile (min)');
    expect(legend.querySelectorAll('circle').length).toBeGreaterThanOrEqual(1);
    expect(legend.querySelectorAll('rect').length).toBeGreaterThanOrEqual(1);
  });

  it("gives each point's count in its tooltip and the table, and marks points on fewer than 5 cases", () => {
    const { container } = render(15);
    const titles = [...container.querySelectorAll('[data-series="Median to accept (min)"] title')].map(
      (title) => title.textContent,
    );
    expect(titles).toEqual([
      '1 Oct 2026: 12 cases; median 4 min 0 s, 90th percentile 10 min 0 s',
      '2 Oct 2026: 3 cases; median 5 min 0 s, 90th percentile 5 min 0 s',
      '5 Oct 2026: 8 cases; median 3 min 0 s, 90th percentile 7 min 0 s',
    ]);
    const hollow = container.querySelectorAll('[data-series="Median to accept (min)"] [data-hollow]');
    expect(hollow).toHaveLength(1);
    expect(container.querySelector('.insights-legend')).toHaveTextContent('Fewer than 5 cases');
    const table = screen.getByRole('table', { name: 'Time to accept by day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent('3');
    expect(within(rows[2] as HTMLElement).getByText('Fewer than 5 cases')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText(/Fewer than/)).toBeNull();
  });
});
