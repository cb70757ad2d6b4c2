// A table of figures, with its caption and a CSV of exactly its rows: the text alternative of every chart.
// A plain HTML table (styled in insights.css): Mantine's Table would bring its scroll area along.
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { downloadText } from '../../lib/download.ts';
import { toCsv } from './csv.ts';

export interface Column<Row> {
  readonly header: string;
  readonly cell: (row: Row) => string;
  /** Numbers align right. */
  readonly numeric?: boolean;
}

export interface DataTableProps<Row> {
  readonly caption: string;
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  /** The CSV file's name, without `.csv`. */
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
  const headers = columns.map((column) => column.header);
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
                  <td key={column.header} data-numeric={column.numeric || undefined}>
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
            downloadText(`${fileName}.csv`, toCsv(headers, cells));
          }}
        >
          Download CSV<VisuallyHidden>: {caption}</VisuallyHidden>
        </Button>
      </Group>
    </div>
  );
}
