// Rolled-up medians and 90th percentiles read as approximate: "≈" before each when the answer carries a
// stated error, and nothing of it when it does not.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HospitalInsights, InsightFigures } from '../../generated/types.gen.ts';
import { HeadlineFigures } from '../../src/features/insights/headline.tsx';
import { contractExample } from '../../src/mock/fixtures.ts';
import { renderUi } from '../support/harness.tsx';

const example = contractExample('HospitalInsights') as HospitalInsights;
const totals: InsightFigures = {
  ...example.totals,
  intervals: { ...example.totals.intervals, requestToAccept: { median: 240, p90: 600 } },
};

describe('approximate percentiles on the insights screens', () => {
  it('puts ≈ before the medians and 90th percentiles, never before counts or shares', () => {
    renderUi(<HeadlineFigures current={totals} previous={totals} approximate />);
    expect(screen.getByText('≈ 4 min 0 s')).toBeVisible();
    expect(screen.getByText('≈ 10 min 0 s')).toBeVisible();
    expect(screen.queryByText(/≈ \d+ %/)).toBeNull();
    expect(screen.getByText(String(totals.volume))).toBeVisible();
  });

  it('shows exact figures plainly', () => {
    renderUi(<HeadlineFigures current={totals} previous={totals} />);
    expect(screen.getByText('4 min 0 s')).toBeVisible();
    expect(screen.queryByText(/≈/)).toBeNull();
  });
});
