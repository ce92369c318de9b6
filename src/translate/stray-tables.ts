// A table in a plain scenario that no step takes as its data table and no `Examples:` marks
// reaches nothing (step code cannot read it either: this.blocks holds fenced blocks only):
// spec-run dropped it in silence, so rows meant as an outline's values ran once with the
// literal `<column>`, and a table meant for a step left that step checking without it. Each
// is an error at its line, as Gherkin refuses a table that follows no step.
import type { SectionContent } from '../model/document.js';
import type { ScenarioStep } from '../model/plan.js';
import { type FamilyTranslation, PLACEHOLDER } from './family.js';

/** A problem at each table of CONTENT (a plain scenario's) that none of STEPS holds as its data table. */
export function strayTables(file: string, steps: ScenarioStep[], content: SectionContent[]): FamilyTranslation['problems'] {
  const taken = new Set(steps.flatMap((step) => (step.argument?.kind === 'data-table' ? [step.argument.line] : [])));
  return content.flatMap((item, index) => {
    if (item.type !== 'table' || taken.has(item.line)) return [];
    const columns = item.rows[0] ?? [];
    const placeholder = steps.flatMap((step) => [...step.text.matchAll(PLACEHOLDER)].map((match) => match[1])).find((name) => columns.includes(name));
    if (placeholder !== undefined) {
      return [{ file, line: item.line, severity: 'error' as const, message: `the steps hold <${placeholder}>, a column of this table, but no 'Examples:' stands above it: the scenario would run once with '<${placeholder}>' as written and none of the table's rows; write 'Examples:' (a line or a heading) right above the table to run each row` }];
    }
    const previous = content[index - 1];
    const above = previous?.type === 'list' ? steps.find((step) => previous.items.at(-1)?.line === step.line) : undefined;
    if (above) {
      return [{ file, line: item.line, severity: 'error' as const, message: `this table stands right below step '${above.text}' but is not its data table (a step takes the table below it when its text ends with ':'), so no step would get it: end the step with ':' to pass it the table, or write 'Examples:' above it to run each row` }];
    }
    // As Gherkin refuses a table that follows no step: a lead-in line ("The ids:") between step and table is enough to lose every row.
    return [{ file, line: item.line, severity: 'error' as const, message: `no step takes this table, so none of its rows would be read: a step takes only the table right below it (indented under its bullet, or at column 0 right below a step whose text ends with ':'), with nothing between them; move it right below its step and end that step with ':', or write 'Examples:' above it to run each row` }];
  });
}
