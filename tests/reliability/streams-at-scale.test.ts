// Event streams at scale (CI size: 100 streams of distinct specialists, 40 cases), on one process and split
// over two: every case reaches the offered specialist's stream and no other. The full size (1,000 streams,
// 200 cases) runs in `npm run bench -- reliability`.
import { describe, expect, it } from 'vitest';
import { postgresUrl } from './support/databases.ts';
import { runStreamsScenario } from './support/streams-scenario.ts';

describe.skipIf(postgresUrl === undefined)('event streams at scale on PostgreSQL', () => {
  for (const ports of [[9440], [9441, 9442]]) {
    it(`delivers each case to the offered specialist’s stream only, ${ports.length} process(es)`, async () => {
      const [report] = await runStreamsScenario({
        adminUrl: postgresUrl ?? '',
        ports,
        streams: [100],
        cases: 40,
      });
      console.log(`streams at scale: ${JSON.stringify(report)}`);

      expect(report?.delivered).toBe(40);
      expect(report?.misdelivered).toBe(0);
    });
  }
});
