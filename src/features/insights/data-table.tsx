// A table of figures, with its caption and a CSV of exactly its rows: the text alternative of every chart.
// The screen shows display text; the CSV carries the same facts as data (numbers as numbers with the unit in
// the header, times as ISO 8601 with their offset), one row per row of the table.
// A plain HTML table (styled in insights.css): Mantine's Table would bring its scroll area along.
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { toCsv, type CsvCell } from '../../lib/csv.ts';
import { downloadText } from '../../lib/download.ts';

export interface Column<Row> {
  readonly header: string;
  readonly cell: (row: Row) => string;
  /** The column in the CSV: a machine-readable header (unit included: `_min`, `_share`) and its value. */
  readonly csv: { readonly header: string; readonly value: (row: Row) => CsvCell };
  /** Numbers align right. */
  readonly numeric?: boolean;
  /** Kept on one line, on screen and on paper (case numbers). */
  readonly nowrap?: boolean;
}

export interface DataTableProps<Row> {
  readonly caption: string;
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** The CSV file's name, with the filters it was made under (csvFileName). */
  readonly fileName: string;
  readonly emptyMessage?: string;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  fileName,
  emptyMessage,
}: DataTableProps<Row>) {
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyMessage ?? `${caption}: no cases in this range.`}
      </Text>
    );
  }
  const cells = rows.map((row) => columns.map((column) => column.cell(row)));
  return (
    <div>
      {/* Scrolls sideways on a phone; focusable, so a keyboard can scroll it too. */}
      <div className="insights-table-scroll" tabIndex={0} role="group" aria-label={caption}>
        <table className="insights-table" style={{ minWidth: columns.length * 110 }}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" data-numeric={column.numeric || undefined}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column, columnIndex) => (
                  <td
                    key={column.header}
                    data-numeric={column.numeric || undefined}
                    data-nowrap={column.nowrap || undefined}
                  >
                    {cells[index]?.[columnIndex]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Group justify="flex-end" mt="xs" className="insights-no-print">
        <Button
          variant="default"
          size="sm"
          mih={44}
          onClick={() => {
            downloadText(
              fileName,
              toCsv(
                columns.map((column) => column.csv.header),
                rows.map((row) => columns.map((column) => column.csv.value(row))),
              ),
            );
          }}
        >
          Download CSV<VisuallyHidden>: {caption}</VisuallyHidden>
        </Button>
      </Group>
    </div>
  );
}
