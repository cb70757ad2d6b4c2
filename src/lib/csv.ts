// The one CSV writer of the browser (the server has its twin in server/src/domain/csv.ts; the two may not
// import each other). RFC 4180 with what spreadsheets need: UTF-8 with a byte-order mark (Excel otherwise
// misreads names), CRLF line ends, numbers as numbers, and no cell a spreadsheet would run as a formula.

export type CsvCell = string | number | boolean | null | undefined;

export const CSV_BOM = '\uFEFF';

/**
 * A text cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is read as a formula by
 * spreadsheets; prefixed with a single quote it reads as the text it is (OWASP's CSV-injection rule).
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One cell: numbers and booleans as they are, text neutralised and quoted when it must be. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  const safe = neutralise(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole file: the byte-order mark, the header row, then one line per row. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return CSV_BOM + [headers, ...rows].map(csvLine).join('');
}

/** A part of a file name: letters, digits, `.`, `_` and `-` only. */
const namePart = (part: string) => part.replace(/[^A-Za-z0-9._-]+/g, '-');

/**
 * A CSV file's name carrying what it holds and the filters it was made under, e.g.
 * `time-to-accept_hosp_sgh_all-specialties_emergent_2026-10-01_to_2026-10-30.csv`.
 */
export function csvFileName(
  what: string,
  filters: {
    readonly hospitalId?: string;
    readonly specialtyId?: string;
    readonly urgency?: string;
    readonly from: string;
    readonly to: string;
  },
): string {
  const parts = [
    what,
    ...(filters.hospitalId === undefined ? [] : [filters.hospitalId || 'all-hospitals']),
    ...(filters.specialtyId === undefined ? [] : [filters.specialtyId || 'all-specialties']),
    ...(filters.urgency === undefined ? [] : [filters.urgency || 'all-urgencies']),
    filters.from,
    'to',
    filters.to,
  ];
  return `${parts.map(namePart).join('_')}.csv`;
}

/** Seconds as minutes, to the hundredth: the unit a CSV header names (`_min`). */
export function secondsToMinutes(seconds: number | null): number | null {
  return seconds === null ? null : Math.round(seconds / 0.6) / 100;
}
