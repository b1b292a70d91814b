import { findRule } from '@espectro/methodology';

/** Renders a rule trace as `ID (title) → ID (title)`, using the rule catalogue for titles. */
export function formatTrace(trace: readonly string[]): string {
  if (trace.length === 0) return '—';
  return trace.map((id) => `${id}${findRule(id) ? ` (${findRule(id)!.title})` : ''}`).join(' → ');
}

/** Pads a table of string cells into aligned columns. */
export function formatTable(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '─'.repeat(width))), ...rows.map(line)].join('\n');
}
