// CSV of exactly what a table shows: its headers and its cells as they read on the screen.
const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  return [headers, ...rows].map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}
