// The ER admin's home shows its parts top to bottom as their answers come: a part below waits for the one
// above it, so what arrives never pushes down what the admin is already reading.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handleGetCoverage, handleListCases } from '../../generated/msw.gen.ts';
import type { CaseSummary } from '../../generated/types.gen.ts';
import { examples, renderApp } from '../support/harness.tsx';

function held(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe("the ER admin's home as it loads", () => {
  it('shows the gaps and the open cases once coverage is in, and the links once the cases are', async () => {
    const base = examples.caseList().items[0] as CaseSummary;
    const coverage = held();
    const cases = held();
    let casesAsked = false;
    await renderApp(
      '/emergency-room/admin',
      'emergency_room_admin',
      handleGetCoverage(async () => {
        await coverage.promise;
        return Response.json({
          timeZone: 'Europe/London',
          from: base.createdAt,
          to: base.createdAt,
          specialties: [],
        });
      }),
      handleListCases(async () => {
        casesAsked = true;
        await cases.promise;
        return Response.json({ items: [base], nextCursor: null });
      }),
    );

    expect(await screen.findByText('Loading on-call coverage…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gaps in the next 14 days' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Open cases' })).not.toBeInTheDocument();
    // Asked for at once all the same: only the showing waits.
    expect(casesAsked).toBe(true);

    coverage.release();
    expect(await screen.findByRole('heading', { name: 'Gaps in the next 14 days' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Open cases' })).toBeInTheDocument();
    expect(screen.getByText('Loading cases…')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Administration' })).not.toBeInTheDocument();

    cases.release();
    expect(await screen.findByRole('listitem', { name: `Case ${base.displayNumber}` })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Administration' })).toBeInTheDocument();
  });
});
