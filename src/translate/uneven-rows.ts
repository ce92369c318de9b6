// A table whose rows have other counts of cells than its header: a cell beyond the header
// reaches no column (hashes() drops it), and a missing one reads as "" (an Examples row then
// fills its <placeholder> with nothing, and a step checking "" passes). Gherkin, hence
// cucumber-js, refuses such a table ("inconsistent cell count within the table"); so does
// spec-run, at each uneven row.
import type { Diagnostic } from '../model/document.js';

/** A table as the translator reads it: its cells row by row, the header first, and each row's line. */
export interface WrittenTable {
  rows: string[][];
  rowLines?: number[];
}

/** An error at each row of TABLE (WHAT it is: "the Examples table", "the data table of step 'x'") whose cells the header's do not match. */
export function unevenRows(file: string, table: WrittenTable, what: string): Diagnostic[] {
  const [header, ...rows] = table.rows;
  if (!header || !table.rowLines) return [];
  const cells = (count: number) => `${count} cell${count === 1 ? '' : 's'}`;
  return rows.flatMap((row, i) => {
    if (row.length === header.length) return [];
    const line = table.rowLines![i + 1];
    const fix = row.length > header.length ? `name its column in the header, or remove the cell` : `write the missing cell${header.length - row.length === 1 ? '' : 's'} (an empty one as '|  |')`;
    return [{ file, line, severity: 'error' as const, message: `the row at line ${line} of ${what} has ${cells(row.length)}, and its header (line ${table.rowLines![0]}) ${cells(header.length)}: a cell beyond the header would reach no column and a missing one would read as "", so the table is refused, as Gherkin refuses one of uneven rows; ${fix}` }];
  });
}
