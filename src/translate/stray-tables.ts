// A table in a plain scenario that no step takes as its data table and no `Examples:` marks
// reaches nothing: spec-run dropped it in silence, so rows meant as an outline's values ran
// once with the literal `<column>`, and a table meant for the last step left that step
// checking without it.
import type { SectionContent } from '../model/document.js';
import type { ScenarioStep } from '../model/plan.js';
import { type FamilyTranslation, PLACEHOLDER } from './family.js';

/** A problem at each table of CONTENT (a plain scenario's) that none of STEPS holds as its data table. */
export function strayTables(file: string, steps: ScenarioStep[], content: SectionContent[]): FamilyTranslation['problems'] {
  const taken = new Set(steps.flatMap((step) => (step.argument?.kind === 'data-table' ? [step.argument.line] : [])));
  const lastStepLine = steps.at(-1)?.line ?? -1;
  return content.flatMap((item, index) => {
    if (item.type !== 'table' || taken.has(item.line)) return [];
    const columns = item.rows[0] ?? [];
    const placeholder = steps.flatMap((step) => [...step.text.matchAll(PLACEHOLDER)].map((match) => match[1])).find((name) => columns.includes(name));
    if (placeholder !== undefined) {
      return [{ file, line: item.line, severity: 'error' as const, message: `the steps hold <${placeholder}>, a column of this table, but no 'Examples:' stands above it: the scenario would run once with '<${placeholder}>' as written and none of the table's rows; write 'Examples:' (a line or a heading) right above the table to run each row` }];
    }
    const previous = content[index - 1];
    const belowSteps = previous?.type === 'list' && previous.items.some((listItem) => listItem.line === lastStepLine);
    if (!belowSteps) return [];
    const step = steps.at(-1)!;
    return [{ file, line: item.line, severity: 'error' as const, message: `this table stands right below step '${step.text}' but is not its data table (a step takes the table below it when its text ends with ':'), so no step would get it: end the step with ':' to pass it the table, or write 'Examples:' above it to run each row` }];
  });
}
