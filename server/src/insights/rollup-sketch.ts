// The histograms behind the rolled-up medians and 90th percentiles (migration 0016's insight_bucket): an
// interval in seconds falls in a 5-second bucket below 250 s, and above it in buckets each 2 % wider than
// the last. A percentile is read as percentile_cont reads the cases' values (linear between the two closest
// ranks), each of the two values taken at the middle of its bucket, so the answer is within
// SKETCH_ERROR of the exact one (docs/decisions.md states it; tests/api/insight-rollups.test.ts proves it).
// Pure: no clock, no I/O.

const LINEAR_WIDTH = 5;
const LINEAR_BUCKETS = 50;
const LOG_START = LINEAR_WIDTH * LINEAR_BUCKETS;
const GROWTH = 1.02;

/** The stated error of a rolled-up percentile: within 2.5 s, or 1 % of the larger value it lies between. */
export const SKETCH_ERROR = { seconds: 2.5, share: 0.01 } as const;

/** The largest error SKETCH_ERROR allows for a percentile between these two case values. */
export function allowedError(low: number, high: number): number {
  return Math.max(SKETCH_ERROR.seconds, SKETCH_ERROR.share * Math.max(low, high));
}

/** The bucket of an interval, as the database computes it (insight_bucket). */
export function bucketOf(seconds: number): number {
  if (seconds < LOG_START) return Math.floor(seconds / LINEAR_WIDTH);
  return LINEAR_BUCKETS + Math.floor(Math.log(seconds / LOG_START) / Math.log(GROWTH));
}

/** The middle of a bucket: the value every case in it is read as. */
export function bucketMiddle(bucket: number): number {
  if (bucket < LINEAR_BUCKETS) return bucket * LINEAR_WIDTH + LINEAR_WIDTH / 2;
  const low = LOG_START * GROWTH ** (bucket - LINEAR_BUCKETS);
  return (low + low * GROWTH) / 2;
}

/** Cases per bucket, by bucket: a dense array of counts (0 for an empty bucket). */
export type Histogram = number[];

export function addTo(histogram: Histogram, bucket: number, count: number): void {
  while (histogram.length <= bucket) histogram.push(0);
  histogram[bucket] = (histogram[bucket] ?? 0) + count;
}

export function mergeInto(target: Histogram, source: Histogram): void {
  while (target.length < source.length) target.push(0);
  for (let bucket = 0; bucket < source.length; bucket += 1)
    target[bucket] = (target[bucket] ?? 0) + (source[bucket] ?? 0);
}

/** The p-th percentile (0..1) of the histogram's cases; null for none. */
export function histogramPercentile(histogram: Histogram, p: number): number | null {
  let total = 0;
  for (const count of histogram) total += count;
  if (total === 0) return null;
  const rank = p * (total - 1);
  const lowRank = Math.floor(rank);
  const highRank = Math.ceil(rank);
  let low: number | null = null;
  let high: number | null = null;
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length && high === null; bucket += 1) {
    seen += histogram[bucket] ?? 0;
    if (low === null && seen > lowRank) low = bucketMiddle(bucket);
    if (seen > highRank) high = bucketMiddle(bucket);
  }
  const lowValue = low ?? 0;
  const highValue = high ?? lowValue;
  return lowValue + (highValue - lowValue) * (rank - lowRank);
}
