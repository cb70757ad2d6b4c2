// A table of figures, with its caption and a CSV of exactly its rows: the text alternative of every chart.
import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
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
        <Table striped withTableBorder stickyHeader={false} miw={columns.length * 110}>
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col" ta={column.numeric ? 'right' : 'left'}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column, columnIndex) => (
                  <Table.Td key={column.header} ta={column.numeric ? 'right' : 'left'}>
                    {cells[index]?.[columnIndex]}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
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
