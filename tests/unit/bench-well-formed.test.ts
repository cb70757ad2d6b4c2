// The check the benchmarks' smoke runs rely on: it refuses figures that are not numbers, incomplete tables,
// a missing table and any fault counted.
import { describe, expect, it } from 'vitest';
import { figureProblems } from '../../bench/well-formed.ts';

const table = ['| route | p50 ms | failed |', '|---|---|---|', '| API | 12.3 | 0 |'];

describe('well-formed bench figures', () => {
  it('accepts complete tables of finite figures with no faults', () => {
    expect(figureProblems({ markdown: ['Text.', '', ...table].join('\n'), faults: { lost: 0 } }, 1)).toEqual(
      [],
    );
  });

  it('refuses a figure that is not a number', () => {
    const markdown = ['| route | p50 ms | failed |', '|---|---|---|', '| API | NaN | 0 |'].join('\n');
    expect(figureProblems({ markdown, faults: {} }, 1)).toHaveLength(1);
    expect(figureProblems({ markdown: 'p99 Infinity ms', faults: {} })).toHaveLength(1);
    expect(figureProblems({ markdown: 'by undefined', faults: {} })).toHaveLength(1);
  });

  it('refuses a row with a cell missing or empty, a table without rows or separator', () => {
    expect(figureProblems({ markdown: [...table, '| API | 1.0 |'].join('\n'), faults: {} }, 1)).toHaveLength(
      1,
    );
    expect(figureProblems({ markdown: [...table, '| API |  | 0 |'].join('\n'), faults: {} }, 1)).toHaveLength(
      1,
    );
    expect(figureProblems({ markdown: table.slice(0, 2).join('\n'), faults: {} }, 1)).toHaveLength(1);
    expect(figureProblems({ markdown: [table[0], table[2]].join('\n'), faults: {} }, 1)).not.toEqual([]);
  });

  it('refuses a missing table, empty figures and any fault counted', () => {
    expect(figureProblems({ markdown: 'Not measured.', faults: {} }, 1)).toHaveLength(1);
    expect(figureProblems({ markdown: '', faults: {} })).toHaveLength(1);
    expect(figureProblems({ markdown: table.join('\n'), faults: { lost: 1 } }, 1)).toEqual(['lost: 1']);
    expect(figureProblems({ markdown: table.join('\n'), faults: { lost: Number.NaN } }, 1)).toHaveLength(1);
  });
});
