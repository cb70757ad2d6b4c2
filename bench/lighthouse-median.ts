// A page's figure from several Lighthouse runs: the run with the median performance score.

/** What the median needs of a run: its performance score, its error, and room for the range. */
interface ScoredRun {
  readonly scores: { readonly performance: number };
  readonly error?: string;
  readonly range?: readonly [number, number];
}

/**
 * The run with the median performance score among the scored ones (of two, the lower); when none was scored,
 * the last, with its error. The range is written only when several runs were scored.
 */
export function medianRun<Run extends ScoredRun>(runs: readonly Run[]): Run | undefined {
  const scored = runs.filter((row) => row.error === undefined);
  if (scored.length === 0) return runs.at(-1);
  const sorted = [...scored].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) return undefined;
  return scored.length === 1
    ? median
    : { ...median, range: [sorted[0]?.scores.performance ?? 0, sorted.at(-1)?.scores.performance ?? 0] };
}
