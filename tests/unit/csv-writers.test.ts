// The CSV writers, the browser's and the server's, read back with papaparse (a reader this project does not
// use otherwise): a byte-order mark, CRLF line ends, numbers as numbers, quoting, and no cell a spreadsheet
// would run as a formula (OWASP's CSV-injection rule: `=`, `+`, `-`, `@`, tab, carriage return).
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import * as server from '../../server/src/domain/csv.ts';
import * as browser from '../../src/lib/csv.ts';
import { isoWithOffset } from '../../src/lib/date-time.ts';

const FORMULAS = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1'];

describe.each([
  ['browser', browser],
  ['server', server],
])('the %s CSV writer', (_name, writer) => {
  const parse = (text: string) => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    const result = Papa.parse<string[]>(text.slice(1), { delimiter: ',', skipEmptyLines: true });
    expect(result.errors).toEqual([]);
    return result.data;
  };

  it('writes a byte-order mark, CRLF line ends only, numbers as numbers and quotes where it must', () => {
    const text = writer.toCsv(
      ['name', 'time_to_accept_median_min', 'share_within_target', 'note'],
      [
        ['Dr Ana Müller', 4.25, 0.75, 'said "no", then\nyes'],
        ['Dr B', null, 1, undefined],
      ],
    );
    expect(writer.toCsv(['a'], [['x'], [2]])).toBe('\uFEFFa\r\nx\r\n2\r\n');
    expect(text.split('\r\n')[0]).toBe('\uFEFFname,time_to_accept_median_min,share_within_target,note');
    expect(parse(text)).toEqual([
      ['name', 'time_to_accept_median_min', 'share_within_target', 'note'],
      ['Dr Ana Müller', '4.25', '0.75', 'said "no", then\nyes'],
      ['Dr B', '', '1', ''],
    ]);
  });

  it.each(FORMULAS)('neutralises a cell starting like a formula: %j', (formula) => {
    const [, row] = parse(writer.toCsv(['name'], [[formula]]));
    expect(row).toEqual([`'${formula}`]);
  });

  it('leaves numbers, negative ones too, and text that only contains such signs as they are', () => {
    const [, row] = parse(writer.toCsv(['a', 'b', 'c'], [[-3.5, 'A-1 = ok', 'x@y']]));
    expect(row).toEqual(['-3.5', 'A-1 = ok', 'x@y']);
  });

  it('names a file after the filters it was made under', () => {
    expect(
      writer.csvFileName('time-to-accept', {
        hospitalId: 'hosp_sgh',
        specialtyId: '',
        urgency: 'emergent',
        from: '2026-10-01',
        to: '2026-10-30',
      }),
    ).toBe('time-to-accept_hosp_sgh_all-specialties_emergent_2026-10-01_to_2026-10-30.csv');
    expect(writer.csvFileName('report', { hospitalId: 'a/b c', from: '2026-10-01', to: '2026-10-02' })).toBe(
      'report_a-b-c_2026-10-01_to_2026-10-02.csv',
    );
  });
});

describe('a time in a CSV', () => {
  it('is ISO 8601 with the offset of the zone at that instant', () => {
    expect(isoWithOffset('2026-07-01T12:00:00.000Z', 'Europe/London')).toBe('2026-07-01T13:00:00+01:00');
    expect(isoWithOffset('2026-11-27T23:04:00.000Z', 'Europe/London')).toBe('2026-11-27T23:04:00+00:00');
    expect(isoWithOffset('2026-11-27T23:04:00.000Z', 'America/New_York')).toBe('2026-11-27T18:04:00-05:00');
    expect(isoWithOffset('2026-11-27T23:04:00.000Z', 'Asia/Kolkata')).toBe('2026-11-28T04:34:00+05:30');
  });
});
