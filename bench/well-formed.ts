// Whether a part's figures are well-formed, as the smoke runs in `npm test` check them: never how fast.
// Every table has its header, its separator and at least one row, each row as many cells as the header and
// none empty; no figure reads NaN, Infinity or undefined; every fault the part counts (lost, misdelivered,
// failed) is 0.
import type { BenchResult } from './support.ts';

const NOT_A_FIGURE = /\b(NaN|Infinity|undefined|null)\b|\[object /;

const cellsOf = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

const isSeparator = (line: string): boolean => /^\|(\s*:?-+:?\s*\|)+$/.test(line.trim());

/**
 * Every problem with a part's figures, one line each; empty when they are well-formed. `tables`: how many
 * tables the part writes.
 */
export function figureProblems(result: BenchResult, tables = 0): string[] {
  const problems: string[] = [];
  let found = 0;
  const lines = result.markdown.split('\n');
  if (result.markdown.trim() === '') problems.push('no figures at all');
  for (const [index, line] of lines.entries()) {
    const wrong = NOT_A_FIGURE.exec(line);
    if (wrong) problems.push(`line ${index + 1} reads "${wrong[0]}": ${line}`);
  }
  // Tables: a run of lines that start with '|'.
  for (let index = 0; index < lines.length; index += 1) {
    if (!lines[index]?.trim().startsWith('|')) continue;
    const start = index;
    found += 1;
    while (index < lines.length && lines[index]?.trim().startsWith('|')) index += 1;
    const table = lines.slice(start, index);
    const [header = '', separator = '', ...rows] = table;
    const columns = cellsOf(header).length;
    if (!isSeparator(separator) || cellsOf(separator).length !== columns)
      problems.push(`the table at line ${start + 1} has no separator of ${columns} columns`);
    if (rows.length === 0) problems.push(`the table at line ${start + 1} has no rows`);
    for (const [offset, row] of rows.entries()) {
      const cells = cellsOf(row);
      if (cells.length !== columns || cells.some((cell) => cell === ''))
        problems.push(`row ${start + 3 + offset} is incomplete: ${row}`);
    }
  }
  if (found !== tables) problems.push(`${found} tables where ${tables} were due`);
  for (const [name, count] of Object.entries(result.faults)) {
    if (!Number.isFinite(count)) problems.push(`${name}: not counted (${count})`);
    else if (count !== 0) problems.push(`${name}: ${count}`);
  }
  return problems;
}
