/**
 * One CSV line (RFC 4180 quoting), safe to open in a spreadsheet: a cell that starts with `=`, `+`, `-`, `@`, a
 * tab or a carriage return is prefixed with `'`, so it is never read as a formula.
 */
export function csvLine(cells: readonly (string | null)[]): string {
  return cells.map((cell) => quote(neutralise(cell ?? ''))).join(',') + '\r\n';
}

function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
