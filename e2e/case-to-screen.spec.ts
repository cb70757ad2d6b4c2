// Create → the offered specialist's open case box, at CI size: the ER doctor opens 8 emergent Neurology cases
// one after another; each reaches the on-call neurologist's event stream and their case box exactly once, and
// never another neurologist's case box. How long it takes is measured in `npm run bench -- screen`, not here.
import { expect, test } from '@playwright/test';
import { measureCreateToScreen } from './support/create-to-screen.ts';

const CASES = 8;

test('each new case reaches the offered specialist’s stream and case box once, and no other neurologist’s', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const run = await measureCreateToScreen({ browser, baseUrl: baseURL ?? '', cases: CASES });

  expect(run.timings).toHaveLength(CASES);
  for (const timing of run.timings) {
    expect(timing.nodeStreamCount, `the stream, case ${timing.caseId}`).toBe(1);
    expect(timing.pageStreamCount, `the page's stream, case ${timing.caseId}`).toBe(1);
    expect(timing.screenCount, `the case box, case ${timing.caseId}`).toBe(1);
  }
  expect(run.seenByOther).toEqual([]);
});
